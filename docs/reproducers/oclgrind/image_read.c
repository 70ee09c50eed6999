// Oclgrind 21.10 with --uninitialized: a value read from an image with read_image* counts as
// uninitialized although every texel was written. The program fills a 64 x 1
// CL_RGBA/CL_UNSIGNED_INT32 image, from the host (clEnqueueWriteImage, argument 0) or by a
// kernel (write_imageui, argument 1), then stores each texel's .y to a buffer and checks it
// on the host. Expected: no report. Seen: with --build-options -cl-opt-disable (as
// `ctest -L oclgrind` runs), "Uninitialized value written to global memory" for all 64
// work-items however the image was filled; optimized, for the kernel-filled image only. The
// values read back are right in every case.
//   cc -std=c11 -o image_read image_read.c -lOpenCL
//   oclgrind --uninitialized --build-options -cl-opt-disable ./image_read 0   # 64 reports
//   oclgrind --uninitialized ./image_read 1                                   # 64 reports
//   oclgrind --uninitialized ./image_read 0                                   # none
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static const char* src =
    "constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                       CLK_FILTER_NEAREST;\n"
    "kernel void fill(write_only image2d_t img) {\n"
    "    const int x = get_global_id(0);\n"
    "    write_imageui(img, (int2)(x, 0), (uint4)(x, x + 1, x + 2, x + 3));\n"
    "}\n"
    "kernel void read(read_only image2d_t img, global uint* out) {\n"
    "    const int x = get_global_id(0);\n"
    "    out[x] = read_imageui(img, s, (int2)(x, 0)).y;\n"
    "}\n";

int main(int argc, char** argv) {
    enum { N = 64 };
    const int by_kernel = argc > 1 && atoi(argv[1]) == 1;
    cl_platform_id platform;
    cl_device_id device;
    cl_int err = clGetPlatformIDs(1, &platform, NULL);
    err |= clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    err |= clBuildProgram(prog, 1, &device, "", NULL, NULL);
    cl_kernel fill = clCreateKernel(prog, "fill", &err), read = clCreateKernel(prog, "read", &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    const cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT32};
    cl_image_desc desc = {0};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = N;
    desc.image_height = 1;
    cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(cl_uint), NULL, &err);
    const size_t global = N, origin[3] = {0, 0, 0}, region[3] = {N, 1, 1};
    if (by_kernel) {
        err |= clSetKernelArg(fill, 0, sizeof img, &img);
        err |= clEnqueueNDRangeKernel(q, fill, 1, NULL, &global, NULL, 0, NULL, NULL);
    } else {
        cl_uint texels[4 * N];
        for (int x = 0; x < N; ++x)
            for (int c = 0; c < 4; ++c)
                texels[4 * x + c] = x + c;
        err |= clEnqueueWriteImage(q, img, CL_TRUE, origin, region, 0, 0, texels, 0, NULL, NULL);
    }
    err |= clSetKernelArg(read, 0, sizeof img, &img);
    err |= clSetKernelArg(read, 1, sizeof out, &out);
    err |= clEnqueueNDRangeKernel(q, read, 1, NULL, &global, NULL, 0, NULL, NULL);
    cl_uint got[N];
    err |= clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
    int wrong = 0;
    for (int x = 0; x < N; ++x)
        wrong += got[x] != (cl_uint)(x + 1);
    printf("%s: %d of %d wrong (OpenCL status %d)\n", by_kernel ? "kernel fill" : "host write",
           wrong, N, err);
    return wrong || err;
}
