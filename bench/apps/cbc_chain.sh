#!/bin/sh
# usage: CBC_DIR=DIR cbc_chain.sh NAME... ; runs cbc for 600 s of wall-clock time on ${CBC_DIR:-/tmp/cbc}/NAME.mps in turn
for n in "$@"; do
  sense=$(grep -q "^OBJSENSE" ${CBC_DIR:-/tmp/cbc}/$n.mps && echo -max || echo -min)
  date -u +%T > ${CBC_DIR:-/tmp/cbc}/$n.start
  nice -n 19 /usr/bin/time -f "%e s wall, %U s user, %S s sys" -o ${CBC_DIR:-/tmp/cbc}/$n.time \
    cbc ${CBC_DIR:-/tmp/cbc}/$n.mps $sense -timeMode elapsed -sec 600 -threads 1 -solve -solu ${CBC_DIR:-/tmp/cbc}/$n.sol > ${CBC_DIR:-/tmp/cbc}/$n.log 2>&1
  date -u +%T > ${CBC_DIR:-/tmp/cbc}/$n.end
done
