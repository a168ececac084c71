#!/usr/bin/env bash
# A Slurm cluster of one node on 127.0.0.1, for tests/scripts/slurm_test.cpp:
#
#   tests/scripts/slurm_node.sh start DIR PID   # prints the slurm.conf to use (SLURM_CONF)
#   tests/scripts/slurm_node.sh stop DIR
#
# start writes DIR/slurm.conf (this host as the controller, two free ports,
# AuthType=auth/none: no munge key, no systemd), starts slurmctld and slurmd
# as the calling user, and waits until the node takes jobs. A watchdog stops
# both daemons when process PID (the test) ends, so that a test killed by
# ctest's timeout leaves no daemon behind. stop cancels the jobs left and
# shuts the daemons down. Debian: apt-get install slurm-wlm.
set -euo pipefail
what=${1:?usage: slurm_node.sh start DIR PID | stop DIR}
dir=${2:?usage: slurm_node.sh start DIR PID | stop DIR}
[ "$what" = start ] && mkdir -p "$dir"
[ -d "$dir" ] || exit 0  # stop: nothing left to stop
dir=$(cd "$dir" && pwd)
self=$(readlink -f "$0")
conf=$dir/slurm.conf
export SLURM_CONF=$conf

stop() {
  [ -f "$conf" ] || return 0
  squeue -h -o %A 2>/dev/null | xargs -r scancel 2>/dev/null || true
  scontrol shutdown >/dev/null 2>&1 || true
  local pids
  pids=$(cat "$dir"/slurmctld.pid "$dir"/slurmd.pid 2>/dev/null || true)
  for _ in $(seq 50); do  # up to 10 s for a clean shutdown
    local alive=
    for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && return 0
    sleep 0.2
  done
  for p in $pids; do kill -9 "$p" 2>/dev/null || true; done
}

# A port nothing listens on (a connection to it is refused).
free_port() {
  local p
  for _ in $(seq 100); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return 0; fi
  done
  echo "slurm_node.sh: no free port found" >&2
  return 1
}

write_conf() {
  local user ctld_port node
  user=$(id -un)
  ctld_port=$(free_port)
  # the node as slurmd sees it (CPUs, sockets, memory), so that it is not drained for a mismatch
  node=$(slurmd -C | head -1 | sed 's/^NodeName=[^ ]*//')
  mkdir -p "$dir/state" "$dir/spool"
  cat > "$conf" <<EOF
ClusterName=lsdtest
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$(free_port)
AuthType=auth/none
CredType=cred/none
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
# start each job as soon as it can start (a test waits for them)
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
NodeName=lsdnode NodeAddr=127.0.0.1$node State=UNKNOWN
PartitionName=lsd Nodes=lsdnode Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  local watch=${1:?usage: slurm_node.sh start DIR PID}
  write_conf
  slurmctld -f "$conf" < /dev/null >> "$dir/daemons.out" 2>&1
  slurmd -f "$conf" -N lsdnode < /dev/null >> "$dir/daemons.out" 2>&1
  # the watchdog: detached from the caller's output, so that the caller's pipe closes when this script ends
  setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; "$2" stop "$3"' watchdog "$watch" "$self" "$dir" \
    < /dev/null > /dev/null 2>&1 &
  for _ in $(seq 120); do  # up to 60 s for the node to register
    if [ "$(sinfo -h -n lsdnode -o %t 2>/dev/null)" = idle ]; then
      echo "$conf"
      return 0
    fi
    sleep 0.5
  done
  echo "slurm_node.sh: the node did not become idle within 60 s; the logs:" >&2
  tail -n 20 "$dir"/*.log "$dir/daemons.out" >&2 || true
  stop
  return 1
}

case "$what" in
  start) start "${3:-}" ;;
  stop) stop ;;
  *) echo "usage: slurm_node.sh start DIR PID | stop DIR" >&2; exit 2 ;;
esac
