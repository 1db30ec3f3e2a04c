#!/bin/sh
# The syscall and profile providers, driven through the raw ABI.
exec "$(dirname "$0")/../../build/guest/test_providers"
