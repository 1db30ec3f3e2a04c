# SPDX-License-Identifier: GPL-2.0
#
# make check-layers: user/'s layering, by includes and by what links
# (tests/check-layers.sh), and that check's test of the ways around it
# (tests/check-layers-test.sh). Part of make check.

.PHONY: check-layers
check-layers: user/dtrace
	tests/check-layers.sh
	tests/check-layers-test.sh
