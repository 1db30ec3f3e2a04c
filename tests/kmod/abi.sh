#!/bin/sh
# The ioctl ABI, driven directly by a kselftest binary.
exec "$(dirname "$0")/../../build/guest/test_abi"
