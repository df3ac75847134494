/*===- curand.h - cuRAND host API -----------------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: the host-side generator API of
 * cuRAND (curandGenerator_t, curandCreateGenerator, curandGenerateUniform
 * ...), declared from the cuRAND library reference. Declarations only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CURAND_H__
#define __WARPLINT_CURAND_H__
#include <__warplint_cuda.h>

#define CURAND_H_

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;

enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;

typedef struct curandGenerator_st *curandGenerator_t;

extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *__generator,
                                     curandRngType_t __rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *__generator,
                                         curandRngType_t __rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t __generator);
curandStatus_t curandGetVersion(int *__version);
curandStatus_t curandSetStream(curandGenerator_t __generator,
                               cudaStream_t __stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t __generator,
                                                  unsigned long long __seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t __generator,
                                        unsigned long long __offset);
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t __generator,
                                          curandOrdering_t __order);
curandStatus_t
curandSetQuasiRandomGeneratorDimensions(curandGenerator_t __generator,
                                        unsigned int __num_dimensions);
curandStatus_t curandGenerate(curandGenerator_t __generator,
                              unsigned int *__outputPtr, size_t __num);
curandStatus_t curandGenerateLongLong(curandGenerator_t __generator,
                                      unsigned long long *__outputPtr,
                                      size_t __num);
curandStatus_t curandGenerateUniform(curandGenerator_t __generator,
                                     float *__outputPtr, size_t __num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t __generator,
                                           double *__outputPtr, size_t __num);
curandStatus_t curandGenerateNormal(curandGenerator_t __generator,
                                    float *__outputPtr, size_t __n,
                                    float __mean, float __stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t __generator,
                                          double *__outputPtr, size_t __n,
                                          double __mean, double __stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t __generator,
                                       float *__outputPtr, size_t __n,
                                       float __mean, float __stddev);
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t __generator,
                                             double *__outputPtr, size_t __n,
                                             double __mean, double __stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t __generator,
                                     unsigned int *__outputPtr, size_t __n,
                                     double __lambda);
curandStatus_t curandGenerateSeeds(curandGenerator_t __generator);
}

/*--- Sobol direction vectors -----------------------------------------------*/
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;
extern "C" {
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *__vectors[],
                                           curandDirectionVectorSet_t __set);
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *__vectors[],
                                           curandDirectionVectorSet_t __set);
curandStatus_t curandGetScrambleConstants32(unsigned int **__constants);
curandStatus_t curandGetScrambleConstants64(unsigned long long **__constants);
}

#endif /* __WARPLINT_CURAND_H__ */
