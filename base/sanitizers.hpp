#pragma once

// Whether AddressSanitizer instruments this build: such builds check memory, not speed or size.
// (GCC defines __SANITIZE_ADDRESS__; clang answers __has_feature.)
#if defined(__SANITIZE_ADDRESS__)
#define TILEPROF_ADDRESS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILEPROF_ADDRESS_SANITIZED 1
#endif
#endif
#ifndef TILEPROF_ADDRESS_SANITIZED
#define TILEPROF_ADDRESS_SANITIZED 0
#endif
