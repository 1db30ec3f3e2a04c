#!/bin/sh
# The fbt provider, driven through the raw ABI.
exec "$(dirname "$0")/../../build/guest/test_fbt"
