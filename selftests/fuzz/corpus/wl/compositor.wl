# compositor: twenty-four frames of a desktop compositor.  Most frames
# are light: a damaged window is copied into the framebuffer (a small
# streaming blit, memory-bound), alpha-blended over what is below (a
# read-modify-write of the framebuffer) and the cursor drawn on top (a
# handful of warps).  A full recompose (wallpaper and every window, as on
# a workspace switch) is several times larger; a translucent panel needs
# its background blurred (a separable blur: two shared-memory passes with
# barriers, the vertical one with 2-way bank conflicts, compute-heavy)
# before it is blended.
# Variation: the frame mix.  Frame 1 and 15 recompose everything, frames
# 7, 8 and 21 blur under a panel, the rest are damage-only frames whose
# window size (blend trips, loop N M per warp) changes a little from frame
# to frame.  Light, memory-bound frames dominate the time; the blur frames
# are short bursts of compute.
# A `frame` line closes each frame (after its cursor), so that
# `gpugov-sim sweep --frames` paces whole frames.

# --- copies ------------------------------------------------------------------
kernel blit_wallpaper
grid 120
block 256
array wallpaper stream txn 4 footprint 8m
array framebuf stream txn 4 footprint 8m
code
loop 2
ld r1 wallpaper
alu r2 r1
st framebuf r2
endloop
endkernel

kernel blit_window
grid 48
block 256
array window stream txn 4 footprint 4m
array framebuf stream txn 4 footprint 8m
code
loop 2
ld r1 window
alu r2 r1
st framebuf r2
endloop
endkernel

# --- blending -----------------------------------------------------------------
# premultiplied "over": dst = src + (1 - src.a) * dst, for 1-3 rows per warp
kernel blend_over
grid 48
block 256
array layer stream txn 4 footprint 4m
array framebuf stream txn 4 footprint 8m
code
loop 1 3
ld r1 layer
ld r2 framebuf
alu r3 r1
alu r4 r3 r2
alu r5 r4 r1
st framebuf r5
endloop
endkernel

# cursor sprite: one block, a few rows
kernel cursor
grid 2
block 64
array cursor_img broadcast footprint 16k
array framebuf stream txn 4 footprint 8m
code
loop 2
ld r1 cursor_img
ld r2 framebuf
alu r3 r1 r2
alu r4 r3 r1
st framebuf r4
endloop
endkernel

# --- blur under a translucent panel ------------------------------------------------
# horizontal 9-tap pass: a row strip into shared memory, weighted sum of
# neighbours, out to a scratch buffer
kernel blur_h
grid 90
block 256
array framebuf stream txn 2 footprint 8m
array blur_tmp stream txn 2 footprint 4m
code
loop 2
ld r1 framebuf
sts r1
bar
lds r2 *9
alu r3 r2 r3 *9
alu r4 r3 r4 *3
bar
st blur_tmp r4
endloop
endkernel

# vertical pass: column neighbours conflict 2-way in shared memory; the
# result is tinted and blended into the panel's area
kernel blur_v
grid 90
block 256
array blur_tmp stream txn 2 footprint 4m
array framebuf stream txn 2 footprint 8m
code
loop 2
ld r1 blur_tmp
sts r1
bar
lds r2 conflict=2 *9
alu r3 r2 r3 *9
alu r4 r3 r4 *3
bar
ld r5 framebuf
alu r6 r4 r5
st framebuf r6
endloop
endkernel

# --- twenty-four frames ---------------------------------------------------------------
# frame 1: full recompose (wallpaper, three windows)
run blit_wallpaper
run blit_window 3
run blend_over 3
run cursor
frame
# frames 2-6: damage only
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
# frames 7-8: a translucent panel slides in over changing content
run blit_window
run blur_h
run blur_v
run blend_over
run cursor
frame
run blit_window
run blur_h
run blur_v
run blend_over
run cursor
frame
# frames 9-14: damage only
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
# frame 15: workspace switch, full recompose
run blit_wallpaper
run blit_window 3
run blend_over 3
run cursor
frame
# frames 16-20: damage only
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
# frame 21: the panel again
run blit_window
run blur_h
run blur_v
run blend_over
run cursor
frame
# frames 22-24: damage only
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
run blit_window
run blend_over
run cursor
frame
