# mk/validate.mk - validation of the models against third-party reference
# data, read from $(DATA) (never copied into the tree).
#
#   make validate DATA=../shared/data
#
# validate-coremem: the fixed-point seed 001 core+memory model recomputes
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
