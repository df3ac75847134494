/*===- cuda_profiler_api.h ------------------------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: cudaProfilerStart() and
 * cudaProfilerStop() (declared with the rest of the runtime API in the
 * prelude __warplint_cuda.h, which every translation unit includes).
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUDA_PROFILER_API_H__
#define __WARPLINT_CUDA_PROFILER_API_H__
#include <__warplint_cuda.h>
#define __CUDA_PROFILER_API_H__
#endif
