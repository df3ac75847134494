// Older benchmark-suite style: quoted includes, local CUDA_SAFE_CALL
// macros, texture references bound to linear memory and arrays, legacy
// intrinsics, cudaThreadSynchronize, timing with events, C-style casts.
#include "cuda.h"
#include "cuda_runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <sys/time.h>

#define BLOCK_SIZE 16
#define CUDA_SAFE_CALL(call)                                                   \
  {                                                                            \
    cudaError err = call;                                                      \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__,  \
              __LINE__, cudaGetErrorString(err));                              \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  }
#define CUT_CHECK_ERROR(errorMessage)                                          \
  {                                                                            \
    cudaError_t err = cudaGetLastError();                                      \
    if (cudaSuccess != err) {                                                  \
      fprintf(stderr, "Cuda error: %s in file '%s' in line %i : %s.\n",        \
              errorMessage, __FILE__, __LINE__, cudaGetErrorString(err));      \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  }

texture<float, 1, cudaReadModeElementType> t_features;
texture<float4, 2, cudaReadModeElementType> t_image;
texture<int, 1> t_index;
__constant__ float c_clusters[32 * 8];

__device__ __host__ float dist2(float a, float b) { return (a - b) * (a - b); }

__global__ void kmeansPoint(float *features, int nfeatures, int npoints,
                            int nclusters, int *membership) {
  unsigned int point_id = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  int index = -1;
  if (point_id < (unsigned)npoints) {
    float min_dist = 3.402823466e+38f;
    for (int i = 0; i < nclusters; i++) {
      float dist = 0;
      for (int l = 0; l < nfeatures; l++)
        dist += dist2(tex1Dfetch(t_features, l * npoints + point_id),
                      c_clusters[i * nfeatures + l]);
      if (dist < min_dist) {
        min_dist = dist;
        index = i;
      }
    }
    membership[point_id] = index + tex1Dfetch(t_index, 0);
  }
}

__global__ void imageKernel(float4 *out, int w, int h) {
  int x = __umul24(blockIdx.x, BLOCK_SIZE) + threadIdx.x;
  int y = __umul24(blockIdx.y, BLOCK_SIZE) + threadIdx.y;
  if (x < w && y < h) {
    float4 p = tex2D(t_image, x + 0.5f, y + 0.5f);
    out[y * w + x] = p;
  }
}

double gettime() {
  struct timeval t;
  gettimeofday(&t, NULL);
  return t.tv_sec + t.tv_usec * 1e-6;
}

int main(int argc, char **argv) {
  int npoints = 1 << 16, nfeatures = 8, nclusters = 5;
  float *feature_d;
  int *membership_d;
  CUDA_SAFE_CALL(cudaMalloc((void **)&feature_d,
                            npoints * nfeatures * sizeof(float)));
  CUDA_SAFE_CALL(cudaMalloc((void **)&membership_d, npoints * sizeof(int)));
  cudaChannelFormatDesc chDesc0 = cudaCreateChannelDesc<float>();
  t_features.filterMode = cudaFilterModePoint;
  t_features.normalized = false;
  t_features.channelDesc = chDesc0;
  if (cudaBindTexture(NULL, &t_features, feature_d, &chDesc0,
                      npoints * nfeatures * sizeof(float)) != cudaSuccess)
    printf("Couldn't bind features array to texture!\n");
  cudaBindTexture(0, t_index, membership_d, npoints * sizeof(int));
  float h_clusters[32 * 8] = {0};
  cudaMemcpyToSymbol(c_clusters, h_clusters, nclusters * nfeatures * sizeof(float),
                     0, cudaMemcpyHostToDevice);
  int num_blocks = (npoints + 255) / 256;
  double t0 = gettime();
  kmeansPoint<<<num_blocks, 256>>>(feature_d, nfeatures, npoints, nclusters,
                                   membership_d);
  cudaThreadSynchronize();
  CUT_CHECK_ERROR("kmeansPoint");
  double t1 = gettime();

  int w = 640, h = 480;
  cudaArray *cu_array;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
  CUDA_SAFE_CALL(cudaMallocArray(&cu_array, &desc, w, h));
  float4 *h_img = (float4 *)malloc(w * h * sizeof(float4));
  CUDA_SAFE_CALL(cudaMemcpyToArray(cu_array, 0, 0, h_img,
                                   w * h * sizeof(float4),
                                   cudaMemcpyHostToDevice));
  t_image.addressMode[0] = cudaAddressModeClamp;
  t_image.addressMode[1] = cudaAddressModeClamp;
  t_image.filterMode = cudaFilterModeLinear;
  t_image.normalized = 0;
  CUDA_SAFE_CALL(cudaBindTextureToArray(t_image, cu_array, desc));
  float4 *d_out;
  cudaMalloc((void **)&d_out, w * h * sizeof(float4));
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(w / dimBlock.x, h / dimBlock.y);
  imageKernel<<<dimGrid, dimBlock, 0>>>(d_out, w, h);
  cudaUnbindTexture(t_image);
  cudaUnbindTexture(t_features);
  cudaFreeArray(cu_array);
  cudaFree(d_out);
  cudaFree(feature_d);
  cudaFree(membership_d);
  free(h_img);
  printf("%d points in %f s (argc %d %s)\n", npoints, t1 - t0, argc, argv[0]);
  return 0;
}
