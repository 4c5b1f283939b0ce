# mk/validate.mk - validation of the models against third-party reference
# data, read from $(DATA) (never copied into the tree).
#
#   make validate DATA=../shared/data
#   scripts/fetch-data.sh && make validate
#
# Where the data are: DATA if given (command line or environment), else the
# Makefile's default ../shared/data if it holds them, else the cache that
# scripts/fetch-data.sh fills (outside the clone); if none, validate-data
# says how to get them and fails.  A DATA given without the data is never
# replaced by the cache.
ifeq ($(wildcard $(DATA)/nvdvfs-gtx980/.),)
ifeq ($(origin DATA),file)
DATA_CACHE := $(shell scripts/fetch-data.sh --print-dir 2>/dev/null)
ifneq ($(DATA_CACHE),)
ifneq ($(wildcard $(DATA_CACHE)/nvdvfs-gtx980/.),)
DATA := $(DATA_CACHE)
# replay.mk took GTX from DATA before this file was read
GTX := $(DATA)/nvdvfs-gtx980
endif
endif
endif
endif

.PHONY: validate-data
validate-data:
	@test -d $(DATA)/nvdvfs-gtx980 || { \
		echo "validate: no GTX 980 measurements in $(DATA)/nvdvfs-gtx980$(if $(DATA_CACHE), nor in $(DATA_CACHE))."; \
		echo "validate: get them (public, checksummed, into a cache outside the clone) with:"; \
		echo "    scripts/fetch-data.sh"; \
		echo "validate: then run make validate again (it finds the cache), or give DATA=DIR."; \
		exit 2; }
	@echo "validate: data from $(DATA)"

# Every validation checks for the data first.
validate-coremem validate-replay: validate-data

# validate-coremem: the fixed-point Wang & Chu core+memory model recomputes
# the authors' per-row intermediates (tools/validate/validate_coremem.c).

VALIDATE_COREMEM := $(BUILD)/tools/validate_coremem
VALIDATE_COREMEM_OBJS := $(BUILD)/tools/validate/validate_coremem.o

$(VALIDATE_COREMEM): $(VALIDATE_COREMEM_OBJS) $(LIBCOMMON) $(LIBGPUGOV) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_USER) -o $@ $(VALIDATE_COREMEM_OBJS) $(LIBCOMMON) $(LIBGPUGOV) $(LDLIBS_USER)

.PHONY: validate-coremem
validate-coremem: $(VALIDATE_COREMEM)
	$(VALIDATE_COREMEM) --data $(DATA)

TOOLS_BINS += $(VALIDATE_COREMEM)
VALIDATE_TARGETS += validate-coremem

-include $(VALIDATE_COREMEM_OBJS:.o=.d)
