#!/bin/bash
# One device session's measurements of validation/ (docs/validation.md):
#
#   bench/gpu-validate.sh HARNESS OUTDIR
#
# HARNESS is a built warplint-validate (built where nvcc is, e.g.
# `cmake -S . -B build-val -G Ninja -DWARPLINT_VALIDATION=ON
#  -DCMAKE_CUDA_ARCHITECTURES=90 && ninja -C build-val warplint-validate`).
# Writes into OUTDIR:
#   gpu.txt            nvidia-smi, its clocks, nvcc/ncu versions, uname
#   timings-1.csv      the harness's CSV (30 timed launches per variant)
#   timings-2.csv      the same run again, to see run-to-run spread
#   ncu-metrics.csv    Nsight Compute, one row per launch and metric: global
#                      load/store sectors and requests, shared-memory bank
#                      conflicts and wavefronts, branch uniformity, DRAM bytes
#   ncu-source.csv.gz  Nsight Compute's source page (SourceCounters section):
#                      the same counters per source line, when ncu can
#   *.log              what each step printed
# The device tool returns 8 files at most: run it as
#   bench/gpu-validate.sh H /tmp/r && tar -C /tmp/r -czf $OUT/r.tgz .
# Every step has its own time limit, so one that hangs leaves the others'
# files. Nothing here edits a measurement.
set -u
H=$1
O=$2
mkdir -p "$O"
export PATH=$PATH:/usr/local/cuda/bin
command -v ncu >/dev/null || PATH=$PATH:$(ls -d /opt/nvidia/nsight-compute/*/ 2>/dev/null | tail -1)
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  uname -a
  nvidia-smi
  nvidia-smi -q -d CLOCK,PERFORMANCE
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  # cudaDeviceProp (L2 size, SMs, memory), where PyTorch is installed.
  python3 -c "import torch; p = torch.cuda.get_device_properties(0); print(p); print('L2 bytes', getattr(p, 'L2_cache_size', '?'))" 2>&1 | tail -3
} > "$O/gpu.txt" 2>&1

for I in 1 2; do
  timeout 120 "$H" --warmup 5 --reps 30 --out "$O/timings-$I.csv" \
    > "$O/harness-$I.log" 2>&1
  echo "harness run $I: exit $?" | tee -a "$O/gpu.txt"
done

M=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
M=$M,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
M=$M,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
M=$M,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
M=$M,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
M=$M,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
M=$M,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
M=$M,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
M=$M,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
M=$M,smsp__sass_average_branch_targets_threads_uniform.pct
M=$M,smsp__thread_inst_executed_per_inst_executed.ratio
M=$M,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
M=$M,launch__grid_size,launch__block_size
timeout 200 ncu --metrics "$M" --csv --page raw \
  "$H" --warmup 0 --reps 1 --out "$O/ncu-harness.csv" \
  > "$O/ncu-metrics.csv" 2> "$O/ncu-metrics.log"
echo "ncu metrics: exit $?" | tee -a "$O/gpu.txt"

timeout 200 ncu --section SourceCounters --import-source yes \
  --kernel-id ::regex:.:1 -f -o /tmp/src \
  "$H" --warmup 0 --reps 1 > "$O/ncu-source-run.log" 2>&1
echo "ncu source run: exit $?" | tee -a "$O/gpu.txt"
timeout 60 ncu --import /tmp/src.ncu-rep --page source --csv \
  --print-source cuda 2> "$O/ncu-source.log" | gzip -9 > "$O/ncu-source.csv.gz"
echo "ncu source export: exit ${PIPESTATUS[0]}" | tee -a "$O/gpu.txt"
