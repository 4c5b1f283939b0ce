# mk/realtime.mk - the real-time engine (drivers_glue/sim_rt.c, DESIGN.md
# section 7a), linked into every tool through libgpugov.a (Makefile) and
# into gpugov_sim.ko by Kbuild.
#
#   build/unit/test_rt   its hand-computed cases (a unit suite of make check)

$(BUILD)/unit/test_rt: private CFLAGS_USER += -Idrivers_glue
