/*===- cuda.h - CUDA driver API basics -----------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: a small, commonly used subset of
 * the CUDA driver API (CUresult, CUdevice, contexts, modules, memory,
 * cuLaunchKernel ...), declared from the CUDA Driver API reference.
 * Declarations only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUDA_H_DRIVER__
#define __WARPLINT_CUDA_H_DRIVER__
#include <__warplint_cuda.h>

#define __cuda_cuda_h__

typedef int CUdevice_v1;
typedef CUdevice_v1 CUdevice;
#if defined(__x86_64) || defined(__aarch64__) || defined(__LP64__) ||          \
    defined(_WIN64)
typedef unsigned long long CUdeviceptr_v2;
#else
typedef unsigned int CUdeviceptr_v2;
#endif
typedef CUdeviceptr_v2 CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
typedef struct CUarray_st *CUarray;
typedef struct CUtexref_st *CUtexref;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUlinkState_st *CUlinkState;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
typedef struct CUuuid_st CUuuid;

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_DEVICE_UNAVAILABLE = 46,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_DEVICE_NOT_LICENSED = 102,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
  CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206,
  CUDA_ERROR_ARRAY_IS_MAPPED = 207,
  CUDA_ERROR_ALREADY_MAPPED = 208,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_ALREADY_ACQUIRED = 210,
  CUDA_ERROR_NOT_MAPPED = 211,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214,
  CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
  CUDA_ERROR_NVLINK_UNCORRECTABLE = 220,
  CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_INVALID_SOURCE = 300,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302,
  CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
  CUDA_ERROR_OPERATING_SYSTEM = 304,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
  CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
  CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
  CU_DEVICE_ATTRIBUTE_MAX
} CUdevice_attribute;

typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  CU_FUNC_ATTRIBUTE_MAX
} CUfunction_attribute;

typedef enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8,
  CU_JIT_TARGET = 9,
  CU_JIT_NUM_OPTIONS
} CUjit_option;

typedef enum CUstream_flags_enum {
  CU_STREAM_DEFAULT = 0x0,
  CU_STREAM_NON_BLOCKING = 0x1
} CUstream_flags;

typedef enum CUevent_flags_enum {
  CU_EVENT_DEFAULT = 0x0,
  CU_EVENT_BLOCKING_SYNC = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2,
  CU_EVENT_INTERPROCESS = 0x4
} CUevent_flags;

typedef enum CUctx_flags_enum {
  CU_CTX_SCHED_AUTO = 0x00,
  CU_CTX_SCHED_SPIN = 0x01,
  CU_CTX_SCHED_YIELD = 0x02,
  CU_CTX_SCHED_BLOCKING_SYNC = 0x04,
  CU_CTX_MAP_HOST = 0x08,
  CU_CTX_LMEM_RESIZE_TO_MAX = 0x10
} CUctx_flags;

#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04


typedef enum CUcomputemode_enum {
  CU_COMPUTEMODE_DEFAULT = 0,
  CU_COMPUTEMODE_PROHIBITED = 2,
  CU_COMPUTEMODE_EXCLUSIVE_PROCESS = 3
} CUcomputemode;

/*--- Virtual memory management ---------------------------------------------*/
typedef unsigned long long CUmemGenericAllocationHandle_v1;
typedef CUmemGenericAllocationHandle_v1 CUmemGenericAllocationHandle;

typedef enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0x0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
  CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
  CU_MEM_HANDLE_TYPE_FABRIC = 0x8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;

typedef enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0x0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 0x1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7FFFFFFF
} CUmemAccess_flags;

typedef enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0x0,
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
  CU_MEM_LOCATION_TYPE_HOST = 0x2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;

typedef enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0x0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationType;

typedef enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
} CUmemAllocationGranularity_flags;

typedef enum CUmemAllocationCompType_enum {
  CU_MEM_ALLOCATION_COMP_NONE = 0x0,
  CU_MEM_ALLOCATION_COMP_GENERIC = 0x1
} CUmemAllocationCompType;

typedef struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
} CUmemLocation_v1;
typedef CUmemLocation_v1 CUmemLocation;

typedef struct CUmemAllocationProp_st {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp_v1;
typedef CUmemAllocationProp_v1 CUmemAllocationProp;

typedef struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc_v1;
typedef CUmemAccessDesc_v1 CUmemAccessDesc;

extern "C" {
CUresult CUDAAPI cuInit(unsigned int __Flags);
CUresult CUDAAPI cuDriverGetVersion(int *__driverVersion);
CUresult CUDAAPI cuGetErrorString(CUresult __error, const char **__pStr);
CUresult CUDAAPI cuGetErrorName(CUresult __error, const char **__pStr);
CUresult CUDAAPI cuDeviceGet(CUdevice *__device, int __ordinal);
CUresult CUDAAPI cuDeviceGetCount(int *__count);
CUresult CUDAAPI cuDeviceGetName(char *__name, int __len, CUdevice __dev);
CUresult CUDAAPI cuDeviceGetUuid(CUuuid *__uuid, CUdevice __dev);
CUresult CUDAAPI cuDeviceTotalMem(size_t *__bytes, CUdevice __dev);
CUresult CUDAAPI cuDeviceGetAttribute(int *__pi, CUdevice_attribute __attrib,
                                      CUdevice __dev);
CUresult CUDAAPI cuDeviceComputeCapability(int *__major, int *__minor,
                                           CUdevice __dev);
CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *__pctx, CUdevice __dev);
CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice __dev);
CUresult CUDAAPI cuCtxCreate(CUcontext *__pctx, unsigned int __flags,
                             CUdevice __dev);
CUresult CUDAAPI cuCtxDestroy(CUcontext __ctx);
CUresult CUDAAPI cuCtxGetCurrent(CUcontext *__pctx);
CUresult CUDAAPI cuCtxSetCurrent(CUcontext __ctx);
CUresult CUDAAPI cuCtxPushCurrent(CUcontext __ctx);
CUresult CUDAAPI cuCtxPopCurrent(CUcontext *__pctx);
CUresult CUDAAPI cuCtxGetDevice(CUdevice *__device);
CUresult CUDAAPI cuCtxSynchronize(void);
CUresult CUDAAPI cuModuleLoad(CUmodule *__module, const char *__fname);
CUresult CUDAAPI cuModuleLoadData(CUmodule *__module, const void *__image);
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *__module, const void *__image,
                                    unsigned int __numOptions,
                                    CUjit_option *__options,
                                    void **__optionValues);
CUresult CUDAAPI cuModuleLoadFatBinary(CUmodule *__module,
                                       const void *__fatCubin);
CUresult CUDAAPI cuModuleUnload(CUmodule __hmod);
CUresult CUDAAPI cuModuleGetFunction(CUfunction *__hfunc, CUmodule __hmod,
                                     const char *__name);
CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr *__dptr, size_t *__bytes,
                                   CUmodule __hmod, const char *__name);
CUresult CUDAAPI cuFuncGetAttribute(int *__pi, CUfunction_attribute __attrib,
                                    CUfunction __hfunc);
CUresult CUDAAPI cuFuncSetAttribute(CUfunction __hfunc,
                                    CUfunction_attribute __attrib, int __value);
CUresult CUDAAPI cuMemAlloc(CUdeviceptr *__dptr, size_t __bytesize);
CUresult CUDAAPI cuMemAllocPitch(CUdeviceptr *__dptr, size_t *__pPitch,
                                 size_t __WidthInBytes, size_t __Height,
                                 unsigned int __ElementSizeBytes);
CUresult CUDAAPI cuMemAllocHost(void **__pp, size_t __bytesize);
CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *__dptr, size_t __bytesize,
                                   unsigned int __flags);
CUresult CUDAAPI cuMemHostAlloc(void **__pp, size_t __bytesize,
                                unsigned int __Flags);
CUresult CUDAAPI cuMemFree(CUdeviceptr __dptr);
CUresult CUDAAPI cuMemFreeHost(void *__p);
CUresult CUDAAPI cuMemGetInfo(size_t *__free, size_t *__total);
CUresult CUDAAPI cuMemcpy(CUdeviceptr __dst, CUdeviceptr __src,
                          size_t __ByteCount);
CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr __dstDevice, const void *__srcHost,
                              size_t __ByteCount);
CUresult CUDAAPI cuMemcpyDtoH(void *__dstHost, CUdeviceptr __srcDevice,
                              size_t __ByteCount);
CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr __dstDevice, CUdeviceptr __srcDevice,
                              size_t __ByteCount);
CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr __dstDevice,
                                   const void *__srcHost, size_t __ByteCount,
                                   CUstream __hStream);
CUresult CUDAAPI cuMemcpyDtoHAsync(void *__dstHost, CUdeviceptr __srcDevice,
                                   size_t __ByteCount, CUstream __hStream);
CUresult CUDAAPI cuMemsetD8(CUdeviceptr __dstDevice, unsigned char __uc,
                            size_t __N);
CUresult CUDAAPI cuMemsetD32(CUdeviceptr __dstDevice, unsigned int __ui,
                             size_t __N);
CUresult CUDAAPI cuLaunchKernel(
    CUfunction __f, unsigned int __gridDimX, unsigned int __gridDimY,
    unsigned int __gridDimZ, unsigned int __blockDimX, unsigned int __blockDimY,
    unsigned int __blockDimZ, unsigned int __sharedMemBytes, CUstream __hStream,
    void **__kernelParams, void **__extra);
CUresult CUDAAPI cuLaunchCooperativeKernel(
    CUfunction __f, unsigned int __gridDimX, unsigned int __gridDimY,
    unsigned int __gridDimZ, unsigned int __blockDimX, unsigned int __blockDimY,
    unsigned int __blockDimZ, unsigned int __sharedMemBytes, CUstream __hStream,
    void **__kernelParams);
CUresult CUDAAPI cuStreamCreate(CUstream *__phStream, unsigned int __Flags);
CUresult CUDAAPI cuStreamDestroy(CUstream __hStream);
CUresult CUDAAPI cuStreamSynchronize(CUstream __hStream);
CUresult CUDAAPI cuStreamWaitEvent(CUstream __hStream, CUevent __hEvent,
                                   unsigned int __Flags);
CUresult CUDAAPI cuEventCreate(CUevent *__phEvent, unsigned int __Flags);
CUresult CUDAAPI cuEventRecord(CUevent __hEvent, CUstream __hStream);
CUresult CUDAAPI cuEventSynchronize(CUevent __hEvent);
CUresult CUDAAPI cuEventElapsedTime(float *__pMilliseconds, CUevent __hStart,
                                    CUevent __hEnd);
CUresult CUDAAPI cuEventDestroy(CUevent __hEvent);
CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(
    int *__numBlocks, CUfunction __func, int __blockSize,
    size_t __dynamicSMemSize);
CUresult CUDAAPI cuProfilerStart(void);
CUresult CUDAAPI cuProfilerStop(void);

/*--- Virtual memory management ---------------------------------------------*/
CUresult CUDAAPI cuMemAddressReserve(CUdeviceptr *__ptr, size_t __size,
                                     size_t __alignment, CUdeviceptr __addr,
                                     unsigned long long __flags);
CUresult CUDAAPI cuMemAddressFree(CUdeviceptr __ptr, size_t __size);
CUresult CUDAAPI cuMemCreate(CUmemGenericAllocationHandle *__handle,
                             size_t __size, const CUmemAllocationProp *__prop,
                             unsigned long long __flags);
CUresult CUDAAPI cuMemRelease(CUmemGenericAllocationHandle __handle);
CUresult CUDAAPI cuMemMap(CUdeviceptr __ptr, size_t __size, size_t __offset,
                          CUmemGenericAllocationHandle __handle,
                          unsigned long long __flags);
CUresult CUDAAPI cuMemUnmap(CUdeviceptr __ptr, size_t __size);
CUresult CUDAAPI cuMemSetAccess(CUdeviceptr __ptr, size_t __size,
                                const CUmemAccessDesc *__desc,
                                size_t __count);
CUresult CUDAAPI cuMemGetAccess(unsigned long long *__flags,
                                const CUmemLocation *__location,
                                CUdeviceptr __ptr);
CUresult CUDAAPI cuMemGetAllocationGranularity(
    size_t *__granularity, const CUmemAllocationProp *__prop,
    CUmemAllocationGranularity_flags __option);
CUresult CUDAAPI cuMemGetAllocationPropertiesFromHandle(
    CUmemAllocationProp *__prop, CUmemGenericAllocationHandle __handle);
CUresult CUDAAPI cuMemExportToShareableHandle(
    void *__shareableHandle, CUmemGenericAllocationHandle __handle,
    CUmemAllocationHandleType __handleType, unsigned long long __flags);
CUresult CUDAAPI cuMemImportFromShareableHandle(
    CUmemGenericAllocationHandle *__handle, void *__osHandle,
    CUmemAllocationHandleType __shHandleType);
CUresult CUDAAPI cuMemRetainAllocationHandle(
    CUmemGenericAllocationHandle *__handle, void *__addr);

}

#endif /* __WARPLINT_CUDA_H_DRIVER__ */
