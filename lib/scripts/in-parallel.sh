#!/usr/bin/env bash
# bash lib/scripts/in-parallel.sh "<command>" "<command>" … — runs the commands at once and fails
# when any of them fails, after all have ended. For steps that each keep one core busy (tsc, ESLint):
# on two cores both together take as long as the longer one.
set -uo pipefail
pids=()
for command in "$@"; do
  bash -c "$command" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit $status
