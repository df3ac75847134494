/*===- __warplint_texture_functions.h - CUDA texture and surface API -----===*
 *
 * Part of warplint's built-in CUDA headers, included by
 * __warplint_device_functions.h (CUDA compilation only): the device-side
 * texture object fetches (tex1Dfetch, tex2D ... over clang's
 * __clang_cuda_texture_intrinsics.h), the surface object functions and the
 * legacy texture reference fetches (both declared only), written from the
 * CUDA C++ Programming Guide. Uses the __WL_DEV / __WL_HD macros of
 * __warplint_device_functions.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_TEXTURE_FUNCTIONS_H__
#define __WARPLINT_TEXTURE_FUNCTIONS_H__

/*--- Texture objects -------------------------------------------------------*/
#if __cplusplus >= 201103L
#include <__clang_cuda_texture_intrinsics.h>

#pragma push_macro("__WL_TEX")
/* __WL_TEX(name, op, (params), (args)): __T name<__T>(obj, params...) and
 * void name<__T>(__T *ret, obj, params...). */
#define __WL_TEX(__name, __op, __params, __args)                               \
  template <class __T>                                                         \
  static __device__ void __name(__T *__ret, cudaTextureObject_t __obj,         \
                                __WL_UNPAREN __params) {                       \
    __nv_tex_surf_handler(__op, __ret, __obj, __WL_UNPAREN __args);            \
  }                                                                            \
  template <class __T>                                                         \
  static __device__ __T __name(cudaTextureObject_t __obj,                      \
                               __WL_UNPAREN __params) {                        \
    __T __ret;                                                                 \
    __nv_tex_surf_handler(__op, &__ret, __obj, __WL_UNPAREN __args);           \
    return __ret;                                                              \
  }
#pragma push_macro("__WL_UNPAREN")
#define __WL_UNPAREN(...) __VA_ARGS__
__WL_TEX(tex1Dfetch, "__tex1Dfetch_v2", (int __x), (__x))
__WL_TEX(tex1D, "__tex1D_v2", (float __x), (__x))
__WL_TEX(tex1DLod, "__tex1DLod_v2", (float __x, float __level), (__x, __level))
__WL_TEX(tex1DGrad, "__tex1DGrad_v2", (float __x, float __dx, float __dy),
         (__x, __dx, __dy))
__WL_TEX(tex1DLayered, "__tex1DLayered_v2", (float __x, int __layer),
         (__x, __layer))
__WL_TEX(tex1DLayeredLod, "__tex1DLayeredLod_v2",
         (float __x, int __layer, float __level), (__x, __layer, __level))
__WL_TEX(tex2D, "__tex2D_v2", (float __x, float __y), (__x, __y))
__WL_TEX(tex2DLod, "__tex2DLod_v2", (float __x, float __y, float __level),
         (__x, __y, __level))
__WL_TEX(tex2DGrad, "__tex2DGrad_v2",
         (float __x, float __y, float2 __dx, float2 __dy),
         (__x, __y, &__dx, &__dy))
__WL_TEX(tex2DLayered, "__tex2DLayered_v2", (float __x, float __y, int __layer),
         (__x, __y, __layer))
__WL_TEX(tex2DLayeredLod, "__tex2DLayeredLod_v2",
         (float __x, float __y, int __layer, float __level),
         (__x, __y, __layer, __level))
__WL_TEX(tex2Dgather, "__tex2Dgather_v2",
         (float __x, float __y, int __comp = 0), (__x, __y, __comp))
__WL_TEX(tex3D, "__tex3D_v2", (float __x, float __y, float __z),
         (__x, __y, __z))
__WL_TEX(tex3DLod, "__tex3DLod_v2",
         (float __x, float __y, float __z, float __level),
         (__x, __y, __z, __level))
__WL_TEX(tex3DGrad, "__tex3DGrad_v2",
         (float __x, float __y, float __z, float4 __dx, float4 __dy),
         (__x, __y, __z, &__dx, &__dy))
__WL_TEX(texCubemap, "__texCubemap_v2", (float __x, float __y, float __z),
         (__x, __y, __z))
__WL_TEX(texCubemapLod, "__texCubemapLod_v2",
         (float __x, float __y, float __z, float __level),
         (__x, __y, __z, __level))
#pragma pop_macro("__WL_UNPAREN")
#pragma pop_macro("__WL_TEX")
#endif /* __cplusplus >= 201103L */

/*--- Surface objects (declared only) ---------------------------------------*/
template <class __T>
__device__ void
surf1Dread(__T *__res, cudaSurfaceObject_t __surf, int __x,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ __T
surf1Dread(cudaSurfaceObject_t __surf, int __x,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf1Dwrite(__T __data, cudaSurfaceObject_t __surf, int __x,
            cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf2Dread(__T *__res, cudaSurfaceObject_t __surf, int __x, int __y,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ __T
surf2Dread(cudaSurfaceObject_t __surf, int __x, int __y,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf2Dwrite(__T __data, cudaSurfaceObject_t __surf, int __x, int __y,
            cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf3Dread(__T *__res, cudaSurfaceObject_t __surf, int __x, int __y, int __z,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ __T
surf3Dread(cudaSurfaceObject_t __surf, int __x, int __y, int __z,
           cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf3Dwrite(__T __data, cudaSurfaceObject_t __surf, int __x, int __y, int __z,
            cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ void
surf2DLayeredwrite(__T __data, cudaSurfaceObject_t __surf, int __x, int __y,
                   int __layer,
                   cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);
template <class __T>
__device__ __T
surf2DLayeredread(cudaSurfaceObject_t __surf, int __x, int __y, int __layer,
                  cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap);

/*--- Legacy texture references (declared only) -----------------------------*/
#ifndef __WARPLINT_NO_LEGACY_TEXTURES
template <class __T> struct __wl_tex_norm { typedef float type; };
#pragma push_macro("__WL_NORM")
#define __WL_NORM(__v)                                                         \
  template <> struct __wl_tex_norm<__v##1> { typedef float1 type; };           \
  template <> struct __wl_tex_norm<__v##2> { typedef float2 type; };           \
  template <> struct __wl_tex_norm<__v##4> { typedef float4 type; };
__WL_NORM(char)
__WL_NORM(uchar)
__WL_NORM(short)
__WL_NORM(ushort)
#pragma pop_macro("__WL_NORM")

#pragma push_macro("__WL_TEXREF")
#define __WL_TEXREF(__name, __dim, ...)                                        \
  template <class __T>                                                         \
  __device__ __T __name(texture<__T, __dim, cudaReadModeElementType> __t,      \
                        __VA_ARGS__);                                          \
  template <class __T>                                                         \
  __device__ typename __wl_tex_norm<__T>::type __name(                         \
      texture<__T, __dim, cudaReadModeNormalizedFloat> __t, __VA_ARGS__);
__WL_TEXREF(tex1Dfetch, cudaTextureType1D, int __x)
__WL_TEXREF(tex1D, cudaTextureType1D, float __x)
__WL_TEXREF(tex1DLod, cudaTextureType1D, float __x, float __level)
__WL_TEXREF(tex2D, cudaTextureType2D, float __x, float __y)
__WL_TEXREF(tex2DLod, cudaTextureType2D, float __x, float __y, float __level)
__WL_TEXREF(tex3D, cudaTextureType3D, float __x, float __y, float __z)
__WL_TEXREF(tex3DLod, cudaTextureType3D, float __x, float __y, float __z,
            float __level)
__WL_TEXREF(tex1DLayered, cudaTextureType1DLayered, float __x, int __layer)
__WL_TEXREF(tex2DLayered, cudaTextureType2DLayered, float __x, float __y,
            int __layer)
__WL_TEXREF(texCubemap, cudaTextureTypeCubemap, float __x, float __y, float __z)
#pragma pop_macro("__WL_TEXREF")
#endif /* __WARPLINT_NO_LEGACY_TEXTURES */

#endif /* __WARPLINT_TEXTURE_FUNCTIONS_H__ */
