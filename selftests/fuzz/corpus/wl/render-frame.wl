# render-frame: seven frames of a forward renderer.  Each frame has four
# phases: vertex transform (matrix arithmetic on the ALUs over streamed
# vertex attributes), fragment shading (texture-like gathers from small
# per-block tiles that the L1 and L2 keep, SFU lighting), blending (a
# read-modify-write of the framebuffer, streaming loads and stores) and a
# post-process pass (a blur and tone map through shared memory, with
# barriers and bank conflicts).
# Variation: frames 1-3 show a light scene; at frame 4 the camera turns to
# a heavier one for two frames (skinned geometry on twice the vertices, a
# shadow-map pass with scattered depth stores, more fragments per warp
# with a shadow lookup and a second light on the SFU); frames 6-7 settle
# in between (the light geometry, a medium fragment load, a bloom pass
# added to the post-process).  Per-warp trip counts (loop N M) make the
# fragment work uneven inside every shading pass.
# A `frame` line closes each frame (after its tone map), so that
# `gpugov-sim sweep --frames` paces whole frames.

# --- geometry -------------------------------------------------------------
kernel vtx_light
grid 48
block 256
array vtx_pos stream txn 2 footprint 8m
array vtx_attr stream footprint 8m
array vtx_out stream txn 2 footprint 8m
code
loop 2
ld r1 vtx_pos
ld r2 vtx_attr
# model-view-projection: four independent dot products of four terms
alu r3 r1 r3 *4
alu r4 r1 r4 *4
alu r5 r1 r5 *4
alu r6 r1 r6 *4
# normal matrix, per-vertex lighting term and clip test
alu r7 r2 r7 *4
alu r12 r2 r12 *4
alu r8 r3 r4 r5
alu r13 r7 r12
alu r9 r6 r8 r13
st vtx_out r9
endloop
endkernel

kernel vtx_heavy
grid 96
block 256
array vtx_pos stream txn 2 footprint 8m
array vtx_attr stream footprint 8m
array vtx_out stream txn 2 footprint 8m
code
loop 2
ld r1 vtx_pos
ld r2 vtx_attr
# skinning: two bone matrices blended per vertex, then the transform
alu r10 r2 r10 *4
alu r11 r2 r11 *4
alu r14 r10 r11
alu r3 r14 r3 *4
alu r4 r14 r4 *4
alu r5 r14 r5 *4
alu r6 r14 r6 *4
alu r7 r2 r7 *4
alu r12 r2 r12 *4
alu r8 r3 r4 r5
alu r13 r7 r12
alu r9 r6 r8 r13
st vtx_out r9
endloop
endkernel

# shadow-map pass of the heavy scene: transform to light space, write depth
# to a scattered 1 MiB depth buffer (uncoalesced-ish stores)
kernel shadow_depth
grid 96
block 256
array vtx_pos stream txn 4 footprint 8m
array shadow_map random txn 2 footprint 1m
code
loop 2
ld r1 vtx_pos
alu r2 r1 r2 *4
alu r3 r1 r3 *4
alu r4 r2 r3
st shadow_map r4
endloop
endkernel

# --- fragment shading -------------------------------------------------------
# albedo and normal maps: each block samples its own 2 KiB / 1 KiB
# neighbourhood (L1 reuse); the 512 KiB / 256 KiB textures fit the L2 so
# later blocks and later frames find them there.
kernel frag_light
grid 150
block 256
array albedo tile txn 2 footprint 512k tile 2k
array normal_map tile footprint 256k tile 1k
array gbuf stream txn 4 footprint 16m
code
loop 3 5
ld r1 albedo
ld r2 normal_map
alu r3 r2 r3
sfu r4 r3
alu r5 r4 r2
alu r6 r5 r1 r6
alu r7 r5 r7
sfu r8 r7
alu r6 r8 r6
endloop
st gbuf r6
endkernel

kernel frag_mid
grid 150
block 256
array albedo tile txn 2 footprint 512k tile 2k
array normal_map tile footprint 256k tile 1k
array gbuf stream txn 4 footprint 16m
code
loop 3 6
ld r1 albedo
ld r2 normal_map
alu r3 r2 r3
sfu r4 r3
alu r5 r4 r2
alu r6 r5 r1 r6
alu r7 r5 r7
sfu r8 r7
alu r6 r8 r6
alu r9 r6 r9 *2
endloop
st gbuf r6
endkernel

kernel frag_heavy
grid 180
block 256
array albedo tile txn 2 footprint 512k tile 2k
array normal_map tile footprint 256k tile 1k
array shadow_map random txn 2 footprint 1m
array gbuf stream txn 4 footprint 16m
code
loop 4 6
ld r1 albedo
ld r2 normal_map
ld r10 shadow_map
alu r3 r2 r3
sfu r4 r3
alu r5 r4 r2
alu r6 r5 r1 r6
# two lights: specular power and attenuation for each
alu r7 r5 r7
sfu r8 r7
alu r11 r5 r11
sfu r12 r11
sfu r13 r12
alu r6 r8 r12 r6
alu r6 r6 r10 r13
endloop
st gbuf r6
endkernel

# --- blending: framebuffer read-modify-write --------------------------------
kernel blend
grid 120
block 256
array gbuf stream txn 4 footprint 16m
array framebuf stream txn 4 footprint 16m
code
loop 2
ld r1 framebuf
ld r2 gbuf
alu r3 r1 r2
alu r4 r3 r1
st framebuf r4
endloop
endkernel

# --- post-process ------------------------------------------------------------
# 3x3 blur from a shared-memory tile (2-way conflicts on the column
# neighbours), then an exponential tone map on the SFU
kernel post_tonemap
grid 72
block 256
array framebuf stream txn 2 footprint 16m
array ldr_out stream txn 1 footprint 8m
code
loop 2
ld r1 framebuf
sts r1
bar
lds r2 conflict=2 *3
lds r3 *6
alu r4 r2 r3 r4 *5
bar
sfu r5 r4
alu r6 r5 r4
st ldr_out r6
endloop
endkernel

# bright-pass and a wider blur for bloom, added in the last frames
kernel post_bloom
grid 120
block 256
array framebuf stream txn 2 footprint 16m
array bloom stream txn 1 footprint 4m
code
ld r1 framebuf
alu r2 r1
sfu r3 r2
sts r3
bar
loop 3
lds r4 conflict=2 *4
alu r5 r4 r5 *4
sts r5
bar
endloop
st bloom r5
endkernel

# --- seven frames ------------------------------------------------------------
# frames 1-3: light scene
run vtx_light
run frag_light
run blend
run post_tonemap
frame
run vtx_light
run frag_light
run blend
run post_tonemap
frame
run vtx_light
run frag_light
run blend
run post_tonemap
frame
# frames 4-5: heavy scene (shadow pass, skinned geometry, two lights)
run shadow_depth
run vtx_heavy
run frag_heavy
run blend
run post_tonemap
frame
run shadow_depth
run vtx_heavy
run frag_heavy
run blend
run post_tonemap
frame
# frames 6-7: medium scene with bloom
run vtx_light
run frag_mid
run blend
run post_bloom
run post_tonemap
frame
run vtx_light
run frag_mid
run blend
run post_bloom
run post_tonemap
frame
