/* NVIDIA OpenCL (driver 580.159.04, H200): CL_KERNEL_WORK_GROUP_SIZE is 256 for a kernel of
 * 16 registers and 4 KiB of local memory, also when it is built with
 * reqd_work_group_size(1024,1,1) and with -cl-nv-maxrregcount=64, while
 * CL_DEVICE_MAX_WORK_GROUP_SIZE is 1024. This program prints the query for the kernel built
 * at each size, then enqueues it anyway at that size and checks the result: whether a launch
 * above the query fails (CL_INVALID_WORK_GROUP_SIZE, as the spec says it must) or runs and
 * computes right (the query would then be too low).
 * Build: cc -O1 wg_size.c -o wg_size -lOpenCL   Run: ./wg_size [device-name-part, default NVIDIA]
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each item stores its id in local memory, waits, and takes its right neighbour's: a launch
 * that runs verifies as out[i] == group_base + (lid + 1) % L. */
static const char* kSource =
    "#ifdef REQD\n__attribute__((reqd_work_group_size(L, 1, 1)))\n#endif\n"
    "kernel void exchange(global uint* out) {\n"
    "    local uint slot[L];\n"
    "    const uint lid = get_local_id(0);\n"
    "    slot[lid] = (uint)get_global_id(0);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[get_global_id(0)] = slot[lid + 1u == L ? 0u : lid + 1u];\n"
    "}\n";

static cl_device_id find_device(const char* want) {
    cl_platform_id platforms[16];
    cl_uint np = 0;
    clGetPlatformIDs(16, platforms, &np);
    for (cl_uint p = 0; p < np; ++p) {
        cl_device_id devices[16];
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, devices, &nd) != CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < nd; ++d) {
            char name[256] = {0};
            clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof name, name, NULL);
            if (strstr(name, want)) return devices[d];
        }
    }
    return NULL;
}

static void run(cl_context ctx, cl_command_queue q, cl_device_id dev, size_t local, int reqd) {
    char options[128];
    snprintf(options, sizeof options, "-DL=%zu%s", local, reqd ? " -DREQD" : "");
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    if (clBuildProgram(prog, 1, &dev, options, NULL, NULL) != CL_SUCCESS) {
        printf("%-16s build failed\n", options);
        clReleaseProgram(prog);
        return;
    }
    cl_kernel k = clCreateKernel(prog, "exchange", &err);
    size_t allowed = 0;
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof allowed, &allowed, NULL);
    const size_t groups = 4, global = groups * local;
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, global * 4, NULL, &err);
    clSetKernelArg(k, 0, sizeof out, &out);
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        printf("%-16s CL_KERNEL_WORK_GROUP_SIZE %4zu; enqueue at %4zu: error %d\n", options,
               allowed, local, err);
    } else {
        unsigned* got = malloc(global * 4);
        clEnqueueReadBuffer(q, out, CL_TRUE, 0, global * 4, got, 0, NULL, NULL);
        size_t wrong = 0;
        for (size_t i = 0; i < global; ++i) {
            const size_t base = i / local * local, lid = i % local;
            wrong += got[i] != base + (lid + 1 == local ? 0 : lid + 1);
        }
        printf("%-16s CL_KERNEL_WORK_GROUP_SIZE %4zu; enqueue at %4zu: ran, %zu of %zu wrong\n",
               options, allowed, local, wrong, global);
        free(got);
    }
    clReleaseMemObject(out);
    clReleaseKernel(k);
    clReleaseProgram(prog);
}

int main(int argc, char** argv) {
    cl_device_id dev = find_device(argc > 1 ? argv[1] : "NVIDIA");
    if (!dev) {
        fprintf(stderr, "no device named like '%s'\n", argc > 1 ? argv[1] : "NVIDIA");
        return 2;
    }
    char name[256] = {0}, driver[128] = {0};
    size_t max = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof driver, driver, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max, &max, NULL);
    printf("%s, driver %s, CL_DEVICE_MAX_WORK_GROUP_SIZE %zu\n", name, driver, max);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    for (int reqd = 0; reqd < 2; ++reqd)
        for (size_t local = 64; local <= max && local <= 1024; local *= 2)
            run(ctx, q, dev, local, reqd);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
