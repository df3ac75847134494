// Texture and surface objects (creation on the host, fetches on the
// device), channel descriptors, CUDA arrays, and legacy texture references.
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void fetch1D(cudaTextureObject_t tex, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(tex, i) + tex1D<float>(tex, i + 0.5f);
}

__global__ void fetch2D(cudaTextureObject_t tex, cudaSurfaceObject_t surf,
                        float4 *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
  float4 a = tex2D<float4>(tex, u, v);
  float4 b = tex2DLod<float4>(tex, u, v, 0.0f);
  float4 c;
  tex2D(&c, tex, u, v);
  float4 g = tex2Dgather<float4>(tex, u, v, 1);
  float4 r = make_float4(a.x + b.x + c.x + g.x, a.y, a.z, a.w);
  out[y * w + x] = r;
  surf2Dwrite(r, surf, x * (int)sizeof(float4), y);
  float4 back = surf2Dread<float4>(surf, x * (int)sizeof(float4), y);
  out[y * w + x].w += back.w;
}

__global__ void fetch3D(cudaTextureObject_t tex, float *out) {
  float v = tex3D<float>(tex, threadIdx.x + 0.5f, threadIdx.y + 0.5f,
                         threadIdx.z + 0.5f);
  uchar4 p = tex2D<uchar4>(tex, 0.5f, 0.5f);
  out[threadIdx.x] = v + p.x + tex2DLayered<float>(tex, 0.5f, 0.5f, 1);
}

// Legacy texture reference (removed in CUDA 12; old benchmark code has it).
texture<float, 1, cudaReadModeElementType> texRef;
texture<float, 2> texRef2D;
texture<unsigned char, 2, cudaReadModeNormalizedFloat> texNorm;

__global__ void legacy(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch(texRef, i) + tex2D(texRef2D, i + 0.5f, 0.5f) +
             tex2D(texNorm, 0.5f, 0.5f);
}

int main() {
  const int n = 1024, w = 256, h = 256;
  float *d_buf, *d_out;
  cudaMalloc(&d_buf, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));

  cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypeLinear;
  resDesc.res.linear.devPtr = d_buf;
  resDesc.res.linear.desc = cudaCreateChannelDesc<float>();
  resDesc.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc texDesc;
  memset(&texDesc, 0, sizeof(texDesc));
  texDesc.readMode = cudaReadModeElementType;
  texDesc.addressMode[0] = cudaAddressModeClamp;
  texDesc.filterMode = cudaFilterModePoint;
  texDesc.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &resDesc, &texDesc, NULL);
  fetch1D<<<n / 256, 256>>>(tex, d_out, n);

  cudaChannelFormatDesc ch = cudaCreateChannelDesc<float4>();
  cudaChannelFormatDesc ch2 =
      cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat);
  cudaArray_t array;
  cudaMallocArray(&array, &ch, w, h, cudaArraySurfaceLoadStore);
  float4 *hostImg = (float4 *)malloc(w * h * sizeof(float4));
  cudaMemcpy2DToArray(array, 0, 0, hostImg, w * sizeof(float4),
                      w * sizeof(float4), h, cudaMemcpyHostToDevice);
  cudaResourceDesc arrDesc = {};
  arrDesc.resType = cudaResourceTypeArray;
  arrDesc.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModeLinear;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex2 = 0;
  cudaCreateTextureObject(&tex2, &arrDesc, &td, nullptr);
  cudaSurfaceObject_t surf = 0;
  cudaCreateSurfaceObject(&surf, &arrDesc);
  float4 *d_img;
  cudaMalloc(&d_img, w * h * sizeof(float4));
  dim3 block(16, 16), grid(w / 16, h / 16);
  fetch2D<<<grid, block>>>(tex2, surf, d_img, w, h);
  fetch3D<<<1, dim3(4, 4, 4)>>>(tex2, d_out);

  size_t offset = 0;
  texRef.addressMode[0] = cudaAddressModeClamp;
  texRef.filterMode = cudaFilterModePoint;
  cudaBindTexture(&offset, texRef, d_buf, n * sizeof(float));
  cudaBindTexture2D(&offset, texRef2D, d_buf, ch2, 32, 32, 32 * sizeof(float));
  legacy<<<n / 256, 256>>>(d_out, n);
  cudaUnbindTexture(texRef);

  cudaDestroySurfaceObject(surf);
  cudaDestroyTextureObject(tex2);
  cudaDestroyTextureObject(tex);
  cudaFreeArray(array);
  free(hostImg);
  printf("ok %d\n", ch.x + ch2.w);
  return 0;
}
