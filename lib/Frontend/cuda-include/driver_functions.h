/*===- driver_functions.h --------------------------------------------------===*
 *
 * Stands in for the CUDA toolkit header of the same name. Everything it
 * declares -- here the runtime API types -- lives in warplint's prelude
 * __warplint_cuda.h, which is force-included into every translation unit, as
 * nvcc does with cuda_runtime.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_WRAPPER_DRIVER_FUNCTIONS_H__
#define __WARPLINT_WRAPPER_DRIVER_FUNCTIONS_H__
#include <__warplint_cuda.h>
#endif
