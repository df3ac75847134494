/*===- device_types.h ------------------------------------------------------===*
 *
 * Stands in for the CUDA toolkit header of the same name. Everything it
 * declares -- here the vector types, dim3 and their make_* functions --
 * lives in warplint's prelude __warplint_cuda.h, which is force-included
 * into every translation unit, as nvcc does with cuda_runtime.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_WRAPPER_DEVICE_TYPES_H__
#define __WARPLINT_WRAPPER_DEVICE_TYPES_H__
#include <__warplint_cuda.h>
#endif
