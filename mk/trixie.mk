# mk/trixie.mk - Debian trixie, the release of new board images (bookworm
# is oldstable).
#
#   make trixie-prepare  build the trixie chroot once, cached outside the
#                        clone in $(DEB_CACHE)/deb-chroot, keyed by its
#                        inputs (selftests/deb/chroot.sh CACHE trixie)
#   make trixie-check    in it: the tools with trixie's gcc and -Werror,
#                        dpkg-buildpackage -b, lintian -I --pedantic (no
#                        tag), the udev rule under /usr/lib/udev
#                        (selftests/deb/trixie-check.sh); with the chroot
#                        not built, one SKIP line, as glue-check
# (DEB_CACHE comes from mk/deb.mk.)

TEST_SUITES += trixie-check

.PHONY: trixie-prepare trixie-check
trixie-prepare:
	@scripts/deps.sh deb
	@selftests/deb/chroot.sh $(DEB_CACHE) trixie

trixie-check:
	@selftests/deb/trixie-check.sh $(DEB_CACHE)
