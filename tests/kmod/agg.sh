#!/bin/sh
# Aggregations, driven through the raw ABI.
exec "$(dirname "$0")/../../build/guest/test_agg"
