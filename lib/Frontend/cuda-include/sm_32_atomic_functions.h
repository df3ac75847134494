/*===- sm_32_atomic_functions.h --------------------------------------------===*
 *
 * Stands in for the CUDA toolkit header of the same name. Everything it
 * declares -- here the device function library -- lives in warplint's
 * prelude __warplint_cuda.h, which is force-included into every translation
 * unit, as nvcc does with cuda_runtime.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_WRAPPER_SM_32_ATOMIC_FUNCTIONS_H__
#define __WARPLINT_WRAPPER_SM_32_ATOMIC_FUNCTIONS_H__
#include <__warplint_cuda.h>
#endif
