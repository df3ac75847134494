/*===- __warplint_vector_types.h - CUDA built-in vector types ------------===*
 *
 * Part of warplint's built-in CUDA headers. uint3, dim3, the CUDA vector
 * types (char1 .. double4) with the alignments the CUDA documentation gives
 * them, and their make_* constructors. Included by __warplint_cuda.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_VECTOR_TYPES_H__
#define __WARPLINT_VECTOR_TYPES_H__

#pragma push_macro("__WL_V1")
#pragma push_macro("__WL_V2")
#pragma push_macro("__WL_V3")
#pragma push_macro("__WL_V4")
#pragma push_macro("__WL_VEC")

#define __WL_V1(__n, __t)                                                      \
  struct __device_builtin__ __n {                                              \
    __t x;                                                                     \
  };
#define __WL_V2(__n, __t, __a)                                                 \
  struct __device_builtin__ __align__(__a) __n {                               \
    __t x, y;                                                                  \
  };
#define __WL_V3(__n, __t)                                                      \
  struct __device_builtin__ __n {                                              \
    __t x, y, z;                                                               \
  };
#define __WL_V4(__n, __t, __a)                                                 \
  struct __device_builtin__ __align__(__a) __n {                               \
    __t x, y, z, w;                                                            \
  };

/* Alignments as documented in the CUDA C++ Programming Guide
 * ("Built-in Vector Types"): 1- and 3-element vectors keep the alignment of
 * their element, 2- and 4-element vectors are aligned to their size (capped
 * at 16 bytes). */
__WL_V1(char1, signed char)
__WL_V2(char2, signed char, 2)
__WL_V3(char3, signed char)
__WL_V4(char4, signed char, 4)
__WL_V1(uchar1, unsigned char)
__WL_V2(uchar2, unsigned char, 2)
__WL_V3(uchar3, unsigned char)
__WL_V4(uchar4, unsigned char, 4)

__WL_V1(short1, short)
__WL_V2(short2, short, 4)
__WL_V3(short3, short)
__WL_V4(short4, short, 8)
__WL_V1(ushort1, unsigned short)
__WL_V2(ushort2, unsigned short, 4)
__WL_V3(ushort3, unsigned short)
__WL_V4(ushort4, unsigned short, 8)

__WL_V1(int1, int)
__WL_V2(int2, int, 8)
__WL_V3(int3, int)
__WL_V4(int4, int, 16)
__WL_V1(uint1, unsigned int)
__WL_V2(uint2, unsigned int, 8)
__WL_V3(uint3, unsigned int)
__WL_V4(uint4, unsigned int, 16)

__WL_V1(long1, long int)
__WL_V2(long2, long int, 2 * sizeof(long int))
__WL_V3(long3, long int)
__WL_V4(long4, long int, 16)
__WL_V1(ulong1, unsigned long int)
__WL_V2(ulong2, unsigned long int, 2 * sizeof(unsigned long int))
__WL_V3(ulong3, unsigned long int)
__WL_V4(ulong4, unsigned long int, 16)

__WL_V1(longlong1, long long int)
__WL_V2(longlong2, long long int, 16)
__WL_V3(longlong3, long long int)
__WL_V4(longlong4, long long int, 16)
__WL_V1(ulonglong1, unsigned long long int)
__WL_V2(ulonglong2, unsigned long long int, 16)
__WL_V3(ulonglong3, unsigned long long int)
__WL_V4(ulonglong4, unsigned long long int, 16)

__WL_V1(float1, float)
__WL_V2(float2, float, 8)
__WL_V3(float3, float)
__WL_V4(float4, float, 16)

__WL_V1(double1, double)
__WL_V2(double2, double, 16)
__WL_V3(double3, double)
__WL_V4(double4, double, 16)

/* dim3: a uint3 whose components default to 1.
 * The uint3 constructor is a template restricted to uint3 so that
 * dim3(blockIdx) -- clang's built-in variables convert to both dim3 and
 * uint3 -- is not ambiguous before C++17. */
template <class __U> struct __wl_only_uint3 {};
template <> struct __wl_only_uint3<uint3> { typedef int type; };
struct __device_builtin__ dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int __vx = 1,
                                     unsigned int __vy = 1,
                                     unsigned int __vz = 1)
      : x(__vx), y(__vy), z(__vz) {}
  template <class __U, typename __wl_only_uint3<__U>::type = 0>
  __host__ __device__ constexpr dim3(__U __v) : x(__v.x), y(__v.y), z(__v.z) {}
  __host__ __device__ constexpr operator uint3(void) const {
    return uint3{x, y, z};
  }
};

/* make_<type>(components...) */
#define __WL_VEC(__n, __t)                                                     \
  static __inline__ __host__ __device__ __n##1 make_##__n##1(__t __x) {        \
    __n##1 __r;                                                                \
    __r.x = __x;                                                               \
    return __r;                                                                \
  }                                                                            \
  static __inline__ __host__ __device__ __n##2 make_##__n##2(__t __x,          \
                                                             __t __y) {        \
    __n##2 __r;                                                                \
    __r.x = __x;                                                               \
    __r.y = __y;                                                               \
    return __r;                                                                \
  }                                                                            \
  static __inline__ __host__ __device__ __n##3 make_##__n##3(__t __x, __t __y, \
                                                             __t __z) {        \
    __n##3 __r;                                                                \
    __r.x = __x;                                                               \
    __r.y = __y;                                                               \
    __r.z = __z;                                                               \
    return __r;                                                                \
  }                                                                            \
  static __inline__ __host__ __device__ __n##4 make_##__n##4(                  \
      __t __x, __t __y, __t __z, __t __w) {                                    \
    __n##4 __r;                                                                \
    __r.x = __x;                                                               \
    __r.y = __y;                                                               \
    __r.z = __z;                                                               \
    __r.w = __w;                                                               \
    return __r;                                                                \
  }

__WL_VEC(char, signed char)
__WL_VEC(uchar, unsigned char)
__WL_VEC(short, short)
__WL_VEC(ushort, unsigned short)
__WL_VEC(int, int)
__WL_VEC(uint, unsigned int)
__WL_VEC(long, long int)
__WL_VEC(ulong, unsigned long int)
__WL_VEC(longlong, long long int)
__WL_VEC(ulonglong, unsigned long long int)
__WL_VEC(float, float)
__WL_VEC(double, double)

#pragma pop_macro("__WL_VEC")
#pragma pop_macro("__WL_V4")
#pragma pop_macro("__WL_V3")
#pragma pop_macro("__WL_V2")
#pragma pop_macro("__WL_V1")

#endif /* __WARPLINT_VECTOR_TYPES_H__ */
