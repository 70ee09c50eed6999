/* Mesa rusticl on llvmpipe (Debian 12's mesa-opencl-icd): the three driver faults clgauge
 * lists in baselines/known-failures/rusticl-llvmpipe.json, each shown by a small kernel.
 *   1. Profiling stamps that measure nothing: a kernel the host waits milliseconds for
 *      reports QUEUED, SUBMIT, START and END a nanosecond apart.
 *   2. CL_KERNEL_WORK_GROUP_SIZE below CL_DEVICE_MAX_WORK_GROUP_SIZE for a kernel that uses
 *      no local memory and few registers.
 *   3. Loops end early: a loop of N iterations that counts them stops counting at 65,535
 *      iterations in all.
 * Build: cc -O1 rusticl_bugs.c -o rusticl_bugs -lOpenCL
 * Run:   OCL_ICD_VENDORS=/opt/clgauge/rusticl-icd RUSTICL_ENABLE=llvmpipe ./rusticl_bugs
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char* kSource =
    "kernel void count(global uint* out, uint n) {\n"
    "    uint c = 0;\n"
    "    for (uint i = 0; i < n; ++i) c += 1u;\n"
    "    out[get_global_id(0)] = c;\n"
    "}\n"
    "kernel void spin(global float* out, uint n) {\n"
    "    float x = (float)get_global_id(0);\n"
    "    for (uint i = 0; i < n; ++i) x = fma(x, 0.999f, 0.5f);\n"
    "    out[get_global_id(0)] = x;\n"
    "}\n";

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        cl_int e_ = (x);                                                                           \
        if (e_ != CL_SUCCESS) {                                                                    \
            printf("%s failed: %d\n", #x, e_);                                                     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

int main(void) {
    cl_platform_id platform;
    cl_device_id dev;
    cl_int err;
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    char name[256] = {0}, version[256] = {0};
    size_t max_wg = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof version, version, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_wg, &max_wg, NULL);
    printf("%s, driver %s, CL_DEVICE_MAX_WORK_GROUP_SIZE %zu\n", name, version, max_wg);
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * 4, NULL, &err);

    /* 1. The stamps of kernels that run longer and longer. */
    cl_kernel spin = clCreateKernel(prog, "spin", &err);
    for (cl_uint n = 1u << 14; n <= 1u << 22; n <<= 4) {
        clSetKernelArg(spin, 0, sizeof out, &out);
        clSetKernelArg(spin, 1, sizeof n, &n);
        size_t global = 64;
        cl_event e;
        const double t0 = now();
        CHECK(clEnqueueNDRangeKernel(q, spin, 1, NULL, &global, NULL, 0, NULL, &e));
        CHECK(clWaitForEvents(1, &e));
        const double t1 = now();
        cl_ulong s[4];
        const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                           CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
        for (int i = 0; i < 4; ++i)
            clGetEventProfilingInfo(e, what[i], sizeof s[i], &s[i], NULL);
        printf("spin n=%-8u host %9.3f ms; stamps QUEUED %llu SUBMIT %llu START %llu END %llu ns"
               " (END-START %llu ns)\n",
               n, (t1 - t0) * 1e3, (unsigned long long)s[0], (unsigned long long)s[1],
               (unsigned long long)s[2], (unsigned long long)s[3],
               (unsigned long long)(s[3] - s[2]));
        clReleaseEvent(e);
    }

    /* 2. The kernel's own work-group limit. */
    size_t allowed = 0;
    clGetKernelWorkGroupInfo(spin, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof allowed, &allowed, NULL);
    printf("CL_KERNEL_WORK_GROUP_SIZE of spin: %zu (device maximum %zu)\n", allowed, max_wg);

    /* 3. How many iterations a loop of n runs. */
    cl_kernel count = clCreateKernel(prog, "count", &err);
    const cl_uint ns[] = {1000, 65535, 65536, 100000, 1000000};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i) {
        cl_uint n = ns[i], got = 0;
        clSetKernelArg(count, 0, sizeof out, &out);
        clSetKernelArg(count, 1, sizeof n, &n);
        size_t global = 1;
        CHECK(clEnqueueNDRangeKernel(q, count, 1, NULL, &global, NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 4, &got, 0, NULL, NULL));
        printf("loop of %7u iterations counted %7u%s\n", n, got, got == n ? "" : "  WRONG");
    }
    return 0;
}
