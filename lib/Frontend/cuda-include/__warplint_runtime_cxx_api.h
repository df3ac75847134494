/*===- __warplint_runtime_cxx_api.h - CUDA runtime C++ API ---------------===*
 *
 * Part of warplint's built-in CUDA headers, included by
 * __warplint_runtime_api.h at its end: the small inline helpers of
 * driver_functions.h (make_cudaPitchedPtr, make_cudaPos, make_cudaExtent)
 * and the C++ template overloads of cuda_runtime.h (typed cudaMalloc,
 * cudaCreateChannelDesc<T>, the legacy texture references ...), written
 * from the CUDA Runtime API reference. Declarations only: warplint never
 * links against them.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_RUNTIME_CXX_API_H__
#define __WARPLINT_RUNTIME_CXX_API_H__

/*--- Small inline helpers (driver_functions.h) -----------------------------*/
static __inline__ __host__ struct cudaPitchedPtr
make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  struct cudaPitchedPtr __s;
  __s.ptr = d;
  __s.pitch = p;
  __s.xsize = xsz;
  __s.ysize = ysz;
  return __s;
}
static __inline__ __host__ struct cudaPos make_cudaPos(size_t x, size_t y,
                                                       size_t z) {
  struct cudaPos __p;
  __p.x = x;
  __p.y = y;
  __p.z = z;
  return __p;
}
static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h,
                                                             size_t d) {
  struct cudaExtent __e;
  __e.width = w;
  __e.height = h;
  __e.depth = d;
  return __e;
}

/*--- C++ API (cuda_runtime.h) ----------------------------------------------*/
template <class __T>
static __inline__ __host__ cudaError_t cudaMalloc(__T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMallocHost(__T **ptr, size_t size,
                                                      unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                                      unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaHostAlloc(__T **ptr, size_t size,
                                                     unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaHostGetDevicePointer(__T **pDevice, void *pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMallocManaged(
    __T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaMallocPitch(__T **devPtr, size_t *pitch, size_t width, size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMallocAsync(__T **devPtr,
                                                       size_t size,
                                                       cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
/* The pool overload: cudaMallocFromPoolAsync under the other name. */
static __inline__ __host__ cudaError_t cudaMallocAsync(void **ptr, size_t size,
                                                       cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMallocAsync(__T **ptr, size_t size,
                                                       cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(
    const __T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbolAsync(
    const __T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
    cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const __T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const __T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
    cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                            const __T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class __T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size,
                                                         const __T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}
static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                       unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, __T *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(__T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(__T *func, dim3 gridDim, dim3 blockDim, void **args,
                            size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
template <typename... __ExpTypes, typename... __ActTypes>
static __inline__ __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                   void (*kernel)(__ExpTypes...), __ActTypes &&...args) {
  void *__pargs[sizeof...(__ExpTypes) > 0 ? sizeof...(__ExpTypes) : 1] = {
      ((void *)&args)...};
  return ::cudaLaunchKernelExC(config, (const void *)kernel, __pargs);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(__T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaFuncSetSharedMemConfig(__T *func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, __T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(__T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, __T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize,
      cudaOccupancyDefault);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, __T func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
/* Declared only: the real header computes this with a search over block
 * sizes, which an analyzer has no use for. */
template <class __T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, __T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0);
template <class __UnaryFunction, class __T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, __T func,
    __UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0);
template <class __T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, __T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0, unsigned int flags = 0);
static __inline__ __host__ cudaError_t cudaGraphInstantiate(
    cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode,
    char *pLogBuffer, size_t bufferSize) {
  (void)pErrorNode;
  (void)pLogBuffer;
  (void)bufferSize;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0);
}

/* cudaCreateChannelDesc<__T>() */
template <class __T>
__inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return ::cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#pragma push_macro("__WL_CHANNEL")
#define __WL_CHANNEL(__type, __x, __y, __z, __w, __kind)                       \
  template <>                                                                  \
  __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<__type>(     \
      void) {                                                                  \
    return ::cudaCreateChannelDesc(__x, __y, __z, __w,                         \
                                   cudaChannelFormatKind##__kind);             \
  }
__WL_CHANNEL(char, 8, 0, 0, 0, Signed)
__WL_CHANNEL(signed char, 8, 0, 0, 0, Signed)
__WL_CHANNEL(unsigned char, 8, 0, 0, 0, Unsigned)
__WL_CHANNEL(char1, 8, 0, 0, 0, Signed)
__WL_CHANNEL(uchar1, 8, 0, 0, 0, Unsigned)
__WL_CHANNEL(char2, 8, 8, 0, 0, Signed)
__WL_CHANNEL(uchar2, 8, 8, 0, 0, Unsigned)
__WL_CHANNEL(char4, 8, 8, 8, 8, Signed)
__WL_CHANNEL(uchar4, 8, 8, 8, 8, Unsigned)
__WL_CHANNEL(short, 16, 0, 0, 0, Signed)
__WL_CHANNEL(unsigned short, 16, 0, 0, 0, Unsigned)
__WL_CHANNEL(short1, 16, 0, 0, 0, Signed)
__WL_CHANNEL(ushort1, 16, 0, 0, 0, Unsigned)
__WL_CHANNEL(short2, 16, 16, 0, 0, Signed)
__WL_CHANNEL(ushort2, 16, 16, 0, 0, Unsigned)
__WL_CHANNEL(short4, 16, 16, 16, 16, Signed)
__WL_CHANNEL(ushort4, 16, 16, 16, 16, Unsigned)
__WL_CHANNEL(int, 32, 0, 0, 0, Signed)
__WL_CHANNEL(unsigned int, 32, 0, 0, 0, Unsigned)
__WL_CHANNEL(int1, 32, 0, 0, 0, Signed)
__WL_CHANNEL(uint1, 32, 0, 0, 0, Unsigned)
__WL_CHANNEL(int2, 32, 32, 0, 0, Signed)
__WL_CHANNEL(uint2, 32, 32, 0, 0, Unsigned)
__WL_CHANNEL(int4, 32, 32, 32, 32, Signed)
__WL_CHANNEL(uint4, 32, 32, 32, 32, Unsigned)
__WL_CHANNEL(float, 32, 0, 0, 0, Float)
__WL_CHANNEL(float1, 32, 0, 0, 0, Float)
__WL_CHANNEL(float2, 32, 32, 0, 0, Float)
__WL_CHANNEL(float4, 32, 32, 32, 32, Float)
#pragma pop_macro("__WL_CHANNEL")

/* Legacy texture references: texture<__T, dim, mode> (removed in CUDA 12, kept
 * so that older benchmark code still parses) and the C++ binding helpers.
 * CUDA compilation only; define __WARPLINT_NO_LEGACY_TEXTURES to drop them,
 * e.g. for code that declares its own global named `texture`. */
#if defined(__CUDA__) && !defined(__WARPLINT_NO_LEGACY_TEXTURES)
template <class __T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int norm = 0,
                   enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = cudaCreateChannelDesc<__T>();
    sRGB = 0;
  }
  __host__ texture(int norm, enum cudaTextureFilterMode fMode,
                   enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
  }
};
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<__T, dim, readMode> &tex,
                const void *devPtr, size_t size = ~(size_t)0) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<__T, dim, readMode> &tex,
                const void *devPtr, const struct cudaChannelFormatDesc &desc,
                size_t size = ~(size_t)0) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTexture2D(
    size_t *offset, const struct texture<__T, dim, readMode> &tex,
    const void *devPtr, size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                             height, pitch);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<__T, dim, readMode> &tex,
                  const void *devPtr, const struct cudaChannelFormatDesc &desc,
                  size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(
    const struct texture<__T, dim, readMode> &tex, cudaArray_const_t array) {
  return ::cudaBindTextureToArray(&tex, array, &tex.channelDesc);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(
    const struct texture<__T, dim, readMode> &tex, cudaArray_const_t array,
    const struct cudaChannelFormatDesc &desc) {
  return ::cudaBindTextureToArray(&tex, array, &desc);
}
template <class __T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaUnbindTexture(const struct texture<__T, dim, readMode> &tex) {
  return ::cudaUnbindTexture(&tex);
}
#endif /* __WARPLINT_NO_LEGACY_TEXTURES */


/* CUDA 12.2+ location-based prefetch/advise, spelled as C++ overloads. */
static __inline__ __host__ cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count,
                     struct cudaMemLocation location, unsigned int flags,
                     cudaStream_t stream = 0) {
  return ::cudaMemPrefetchAsync_v2(devPtr, count, location, flags, stream);
}
static __inline__ __host__ cudaError_t
cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
              struct cudaMemLocation location) {
  return ::cudaMemAdvise_v2(devPtr, count, advice, location);
}
template <class __T>
static __inline__ __host__ cudaError_t
cudaMallocFromPoolAsync(__T **ptr, size_t size, cudaMemPool_t memPool,
                        cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

#endif /* __WARPLINT_RUNTIME_CXX_API_H__ */
