# gpugov-replay: offline replay and evaluation over the predictors/ code.
REPLAY_SRCS := $(wildcard tools/replay/*.c)
REPLAY_OBJS := $(REPLAY_SRCS:%.c=$(BUILD)/%.o)
TOOLS_BINS += $(BUILD)/gpugov-replay
CHECK_SUITES += replay-cli

# run --mali: the fields of drivers_glue/gpugov_mali.h (also in the
# sanitizer build of mk/fuzz.mk)
$(BUILD)/tools/replay/%.o: CFLAGS_USER += -Idrivers_glue
$(BUILD)/fuzz/obj/tools/replay/%.o: FUZZ_CFLAGS += -Idrivers_glue

$(BUILD)/gpugov-replay: $(REPLAY_OBJS) $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) $(LDFLAGS_USER) -o $@ $^ $(LDLIBS_USER)

replay-cli: $(BUILD)/gpugov-replay
	@scripts/deps.sh plot
	@selftests/tools/test_replay_cli.sh $(BUILD)/gpugov-replay

-include $(REPLAY_OBJS:.o=.d)

MK_SMALL_SWEEP := $(BUILD)/mk_small_sweep
$(MK_SMALL_SWEEP): $(BUILD)/selftests/tools/mk_small_sweep.o $(LIBCOMMON) $(LIBGPUGOV)
	$(CC) -o $@ $^ $(LDLIBS_USER)
replay-cli: $(MK_SMALL_SWEEP)
-include $(BUILD)/selftests/tools/mk_small_sweep.d

# Real-data validation (DESIGN.md section 8): the GTX 980 measurements are
# read from $(DATA), imported to sweep traces under build/, and scored.
GTX := $(DATA)/nvdvfs-gtx980
VAL := $(BUILD)/validate
VALIDATE_TARGETS += validate-replay

validate-replay: $(BUILD)/gpugov-replay
	@test -d $(GTX) || { echo "validate: no $(GTX) (set DATA=...)"; exit 2; }
	@rm -rf $(VAL) && mkdir -p $(VAL)/49 $(VAL)/36
	$(BUILD)/gpugov-replay import nvdvfs $(GTX)/gtx980-49pairs-20kernels.csv --out $(VAL)/49 --device gtx980 --coremem-gpu gtx980
	$(BUILD)/gpugov-replay import nvdvfs $(GTX)/gtx980-36pairs-30kernels-power.csv --out $(VAL)/36 --device gtx980 --coremem-gpu gtx980
	$(BUILD)/gpugov-replay import nvdvfs $(GTX)/gtx980-36pairs-30kernels-power.csv --out $(VAL) --device gtx980 --coremem-gpu gtx980 --combined gtx980-36pairs-sequence
	@echo "== 49-pair set, base (1000, 1000) MHz: open-loop accuracy"
	@$(BUILD)/gpugov-replay accuracy $(VAL)/49/*.trace
	@echo "== 36-pair set, base (1000, 1000) MHz: open-loop accuracy"
	@$(BUILD)/gpugov-replay accuracy $(VAL)/36/*.trace
	@echo "== 36-pair set, the 30 kernels in sequence: closed loop with the measured power"
	@$(BUILD)/gpugov-replay run $(VAL)/gtx980-36pairs-sequence.trace
	@echo "== sensitivity to the GPU description: coremem on the GTX 980 sets with each built-in one"
	@for g in gtx980 gtx980-2019 gtx1080ti titanx-pascal p100 v100; do \
		for s in 49 36; do \
			printf '%-14s %s-pair ' $$g $$s; \
			$(BUILD)/gpugov-replay accuracy --predictor coremem --coremem-gpu $$g --csv \
				$(VAL)/$$s/*.trace | awk -F, '$$1 == "coremem" && $$2 == "all" \
				{ print "MAPE " $$4 " %, max " $$5 " %, bias " $$6 " %" }' || exit 1; \
		done; \
	done
	@echo "== calibration: coremem's DRAM constants fitted on one set (fit-coremem), judged on the other"
	@for s in 49 36; do \
		o=$$((85 - s)); \
		$(BUILD)/gpugov-replay fit-coremem --coremem-gpu gtx980 --out $(VAL)/fit-$$s.gpu \
			$(VAL)/$$s/*.trace 2>&1 | sed "s/^gpugov-replay fit-coremem:/fitted on the $$s-pair set:/" && \
		printf 'on the %s-pair set ' $$o && \
		$(BUILD)/gpugov-replay accuracy --predictor coremem --coremem-gpu $(VAL)/fit-$$s.gpu --csv \
			$(VAL)/$$o/*.trace | awk -F, '$$1 == "coremem" && $$2 == "all" \
			{ print "MAPE " $$4 " %, max " $$5 " %, bias " $$6 " % (gtx980 above)" }' || exit 1; \
	done
