#!/usr/bin/env bash
# Runs a command (default: ./.ci/run) while CPU-bound processes keep the machine busy, the way a
# shared CI machine is: the suite must pass like this (decision 0048). BUSY_PROCESSES burners
# (default 2) start first and are stopped when the command ends, fails or is interrupted; the
# script exits with the command's status.
#   scripts/busy-machine.sh                      # the whole CI run
#   scripts/busy-machine.sh npx vitest run --project server test/studio/worker.test.ts
set -uo pipefail

count="${BUSY_PROCESSES:-2}"
if ! [[ "$count" =~ ^[0-9]+$ ]]; then
  echo "busy-machine: BUSY_PROCESSES must be a whole number, not '$count'" >&2
  exit 2
fi
if [ "$#" -eq 0 ]; then
  cd "$(dirname "$0")/.." || exit 2
  set -- ./.ci/run
fi

burners=()
stop_burners() {
  # Only the burners this script started, by their process ids. SIGKILL: they hold nothing to
  # clean up, and a SIGTERM that lands while Node is still starting can be lost (seen: a burner
  # outlived a quick command, and the wait below hung).
  if [ "${#burners[@]}" -gt 0 ]; then
    kill -KILL "${burners[@]}" 2>/dev/null
    wait "${burners[@]}" 2>/dev/null
  fi
  burners=()
}
trap stop_burners EXIT
trap 'stop_burners; exit 130' INT
trap 'stop_burners; exit 143' TERM

for ((i = 0; i < count; i++)); do
  node -e 'for(;;){}' &
  burners+=("$!")
done
echo "busy-machine: $count CPU-bound process(es) running (${burners[*]:-none}); running: $*" >&2

"$@"
status=$?
stop_burners
exit "$status"
