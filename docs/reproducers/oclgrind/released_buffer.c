// Oclgrind 21.10 with --uninitialized: after a 64-byte buffer that was a kernel argument is
// released, a larger buffer that takes its address is treated as uninitialized past byte 64,
// although a kernel wrote every word of it. This program runs the same valid round twice
// (fill `in`, copy it to `out`, with a 64-byte buffer as an unused argument) and checks the
// result. Expected: no report. Seen: "Uninitialized value written to global memory" for
// most words of the second round's copy; nothing when the small buffer lives across rounds.
//   cc -std=c11 -o released_buffer released_buffer.c -lOpenCL
//   oclgrind --uninitialized ./released_buffer
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

static const char* src =
    "kernel void fill(global uint* p) { p[get_global_id(0)] = get_global_id(0); }\n"
    "kernel void copy(global uint* out, global const uint* in, global const uint* unused) {\n"
    "    out[get_global_id(0)] = in[get_global_id(0)];\n"
    "}\n";

int main(void) {
    enum { N = 1024 };
    cl_platform_id platform;
    cl_device_id device;
    cl_int err = clGetPlatformIDs(1, &platform, NULL);
    err |= clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    err |= clBuildProgram(prog, 1, &device, "", NULL, NULL);
    cl_kernel fill = clCreateKernel(prog, "fill", &err);
    cl_kernel copy = clCreateKernel(prog, "copy", &err);
    unsigned wrong = 0;
    for (int round = 0; round < 2; ++round) {
        cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 4, NULL, &err);
        cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 4, NULL, &err);
        cl_mem small = clCreateBuffer(ctx, CL_MEM_READ_ONLY, 64, NULL, &err);
        size_t global = N;
        clSetKernelArg(fill, 0, sizeof in, &in);
        clEnqueueNDRangeKernel(q, fill, 1, NULL, &global, NULL, 0, NULL, NULL);
        clSetKernelArg(copy, 0, sizeof out, &out);
        clSetKernelArg(copy, 1, sizeof in, &in);
        clSetKernelArg(copy, 2, sizeof small, &small);
        clEnqueueNDRangeKernel(q, copy, 1, NULL, &global, NULL, 0, NULL, NULL);
        cl_uint host[N];
        err |= clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
        for (unsigned i = 0; i < N; ++i)
            wrong += host[i] != i;
        clReleaseMemObject(small);
        clReleaseMemObject(out);
        clReleaseMemObject(in);
    }
    printf("status %d, %u words wrong\n", err, wrong);
    return err != CL_SUCCESS || wrong != 0;
}
