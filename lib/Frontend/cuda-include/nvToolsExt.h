/*===- nvToolsExt.h - NVTX ranges and markers -----------------------------===*
 *
 * Part of warplint's built-in CUDA headers: the common NVTX v3 calls
 * (nvtxRangePush/Pop, nvtxRangeStart/End, nvtxMark, event attributes),
 * declared from the NVTX documentation. Declarations only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_NVTOOLSEXT_H__
#define __WARPLINT_NVTOOLSEXT_H__
#include <stdint.h>

#define NVTX_VERSION 3
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE                                          \
  ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#ifdef __cplusplus
extern "C" {
#endif
int nvtxRangePushA(const char *__message);
int nvtxRangePushW(const wchar_t *__message);
int nvtxRangePushEx(const nvtxEventAttributes_t *__eventAttrib);
int nvtxRangePop(void);
nvtxRangeId_t nvtxRangeStartA(const char *__message);
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *__eventAttrib);
void nvtxRangeEnd(nvtxRangeId_t __id);
void nvtxMarkA(const char *__message);
void nvtxMarkEx(const nvtxEventAttributes_t *__eventAttrib);
void nvtxNameOsThreadA(uint32_t __threadId, const char *__name);
void nvtxNameCategoryA(uint32_t __category, const char *__name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *__name);
void nvtxDomainDestroy(nvtxDomainHandle_t __domain);
int nvtxDomainRangePushEx(nvtxDomainHandle_t __domain,
                          const nvtxEventAttributes_t *__eventAttrib);
int nvtxDomainRangePop(nvtxDomainHandle_t __domain);
#ifdef __cplusplus
}
#endif

#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark nvtxMarkA
#define nvtxNameOsThread nvtxNameOsThreadA

#endif /* __WARPLINT_NVTOOLSEXT_H__ */
