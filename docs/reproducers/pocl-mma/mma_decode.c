// Runs mma_decode.cl on one OpenCL device and compares every output with the same arithmetic
// in C. Prints the first mismatches (input words, device value, host value) and a count.
// Exit status: 0 all equal, 1 mismatches, 2 an OpenCL error.
//   build (here):  cc -std=c11 -O2 -ffp-contract=off -o mma_decode mma_decode.c -lOpenCL -lm
//   run:           ./mma_decode [PLATFORM_SUBSTRING]   (e.g. ./mma_decode Portable)
// The kernel file is read from the directory of the program, or from MMA_DECODE_CL.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 4096 };

static uint32_t hash(uint32_t x) { // kernels/include/clgauge_inputs.h's clg_hash
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}
static float bits_f(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t f_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static int s4(uint32_t w, unsigned e) {
    const int v = (int)((w >> (4 * e)) & 0xfu);
    return v >= 8 ? v - 16 : v;
}
static float e4m3(uint32_t b) {
    const uint32_t s = (b & 0x80u) << 24, e = (b >> 3) & 15u, m = b & 7u;
    if (e == 15u && m == 7u) return bits_f(0x7fc00000u | s);
    if (e != 0) return bits_f(s | ((e + 120u) << 23) | (m << 20));
    return (s ? -1.0f : 1.0f) * (float)m * 0x1p-9f;
}
static float e2m1(uint32_t b) {
    const uint32_t e = (b >> 1) & 3u, m = b & 1u;
    const float v = e == 0 ? 0.5f * (float)m : bits_f(((e + 126u) << 23) | (m << 22));
    return (b & 8u) ? -v : v;
}
// Floats compare as equal bits, or both NaN.
static int same(uint32_t got, uint32_t want, int is_float) {
    if (got == want) return 1;
    return is_float && isnan(bits_f(got)) && isnan(bits_f(want));
}

static char* read_text(const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    const long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* s = calloc((size_t)n + 1, 1);
    const size_t got = fread(s, 1, (size_t)n, f);
    fclose(f);
    if (got != (size_t)n) {
        free(s);
        return NULL;
    }
    return s;
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cl_int e_ = (call);                                                                        \
        if (e_ != CL_SUCCESS) {                                                                    \
            fprintf(stderr, "%s failed: %d\n", #call, e_);                                         \
            return 2;                                                                              \
        }                                                                                          \
    } while (0)

int main(int argc, char** argv) {
    const char* want = argc > 1 ? argv[1] : "";
    char path[4096];
    const char* env = getenv("MMA_DECODE_CL");
    if (env) {
        snprintf(path, sizeof path, "%s", env);
    } else {
        snprintf(path, sizeof path, "%s", argv[0]);
        char* slash = strrchr(path, '/');
        snprintf(slash ? slash + 1 : path, sizeof path - (size_t)(slash ? slash + 1 - path : 0),
                 "mma_decode.cl");
    }
    char* src = read_text(path);
    if (!src) {
        fprintf(stderr, "cannot read %s (set MMA_DECODE_CL)\n", path);
        return 2;
    }
    cl_platform_id platforms[16];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(16, platforms, &np));
    cl_platform_id platform = NULL;
    for (cl_uint p = 0; p < np && !platform; ++p) {
        char name[256] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, want)) platform = platforms[p];
    }
    if (!platform) {
        fprintf(stderr, "no platform whose name contains '%s'\n", want);
        return 2;
    }
    cl_device_id device;
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    char dname[256] = "", dver[256] = "";
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    clGetDeviceInfo(device, CL_DRIVER_VERSION, sizeof dver, dver, NULL);
    printf("device: %s, driver %s\n", dname, dver);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    CHECK(err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, (const char**)&src, NULL, &err);
    CHECK(err);
    if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        char log[16384] = "";
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 2;
    }
    cl_kernel k = clCreateKernel(prog, "mma_decode", &err);
    CHECK(err);

    static uint32_t a[N], b[N], out[4 * N];
    for (uint32_t i = 0; i < N; ++i) {
        a[i] = hash(2 * i + 1);
        b[i] = hash(2 * i + 2);
    }
    cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
    CHECK(err);
    cl_mem db = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof b, b, &err);
    CHECK(err);
    cl_mem dout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, sizeof da, &da));
    CHECK(clSetKernelArg(k, 1, sizeof db, &db));
    CHECK(clSetKernelArg(k, 2, sizeof dout, &dout));
    const size_t global = N, local = 64;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));

    const char* what[4] = {"dot s4", "dot e4m3", "dot e2m1 x e8m0", "decode e4m3"};
    unsigned bad[4] = {0, 0, 0, 0};
    for (uint32_t i = 0; i < N; ++i) {
        int ds4 = 0;
        float de4 = 0.0f, de2 = 0.0f;
        for (unsigned e = 0; e < 8; ++e) {
            ds4 += s4(a[i], e) * s4(b[i], e);
            de2 += e2m1((a[i] >> (4 * e)) & 0xfu) * e2m1((b[i] >> (4 * e)) & 0xfu);
        }
        for (unsigned e = 0; e < 4; ++e)
            de4 += e4m3((a[i] >> (8 * e)) & 0xffu) * e4m3((b[i] >> (8 * e)) & 0xffu);
        const float scale = bits_f((126u + i % 3u) << 23) * bits_f(127u << 23);
        const uint32_t expect[4] = {(uint32_t)ds4, f_bits(de4), f_bits(de2 * scale),
                                    f_bits(e4m3(i & 0xffu))};
        for (int c = 0; c < 4; ++c) {
            const uint32_t got = out[4 * i + c];
            if (same(got, expect[c], c > 0)) continue;
            if (bad[c]++ < 4)
                printf("%s, item %u: a 0x%08x b 0x%08x: device 0x%08x (%g), host 0x%08x (%g)\n",
                       what[c], i, a[i], b[i], got, c ? bits_f(got) : (double)(int32_t)got,
                       expect[c], c ? bits_f(expect[c]) : (double)(int32_t)expect[c]);
        }
    }
    for (int c = 0; c < 4; ++c)
        printf("%s: %u of %u wrong\n", what[c], bad[c], (unsigned)N);
    return bad[0] + bad[1] + bad[2] + bad[3] ? 1 : 0;
}
