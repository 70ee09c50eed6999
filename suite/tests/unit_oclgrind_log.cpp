// label unit: the reader of Oclgrind's reports (suite/tests/oclgrind_log.hpp), on logs in the
// form Oclgrind 21.10 prints them.
#include "oclgrind_log.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

const char* kRace = R"(
Read-write data race at local memory address 0x1000000000040
	Kernel: sg_reduce
	First entity:  Global(3,0,0) Local(3,0,0) Group(0,0,0)
	  %5 = load i32, i32 addrspace(3)* %4, align 4
	At line 88 (column 9) of input.cl:
	  x = scratch[l];

	Second entity: Global(4,0,0) Local(4,0,0) Group(0,0,0)
	  store i32 %7, i32 addrspace(3)* %6, align 4
	At line 91 (column 5) of input.cl:
	  scratch[l] = y;

)";

// stream_copy reading a[i + 1] past the end: the report of work-item 256 + l (group 1).
std::string invalid_read(const std::string& address, int l) {
    return "Invalid read of size 4 at global memory address " + address +
           "\n\tKernel: stream_copy\n\tEntity: Global(" + std::to_string(256 + l) + ",0,0) Local(" +
           std::to_string(l) +
           ",0,0) Group(1,0,0)\n"
           "\t  %3 = load float, float addrspace(1)* %2, align 4\n"
           "\tAt line 12 (column 14) of input.cl:\n"
           "\t  c[i] = a[i + 1];\n\n";
}

// The race, then the same invalid read by two work-items, then the suppression note.
const std::string kRaceAndRead = std::string(kRace) + invalid_read("0x1000000000400", 0) +
                                 invalid_read("0x1000000000404", 1) +
                                 "Oclgrind: 100 errors generated - suppressing further errors\n";

TEST(OclgrindLog, GroupsReportsByKindKernelAndLine) {
    const auto f = parse_oclgrind_log(kRaceAndRead);
    ASSERT_EQ(f.size(), 2u) << describe(f);
    EXPECT_EQ(f[0].headline, "Read-write data race at local memory address 0x..");
    EXPECT_EQ(f[0].kernel, "sg_reduce");
    EXPECT_EQ(f[0].line, "line 88");
    EXPECT_EQ(f[0].count, 1u);
    EXPECT_EQ(f[1].headline, "Invalid read of size 4 at global memory address 0x..");
    EXPECT_EQ(f[1].kernel, "stream_copy");
    EXPECT_EQ(f[1].count, 2u);
    EXPECT_NE(describe(f).find("2x Invalid read of size 4"), std::string::npos);
}

TEST(OclgrindLog, ApiErrorsAreFindings) {
    const auto f =
        parse_oclgrind_log("Oclgrind - OpenCL runtime error detected\n"
                           "\tFunction: clEnqueueNDRangeKernel\n"
                           "\tError: CL_INVALID_WORK_GROUP_SIZE\n"
                           "\tlocal_work_size[0]=3 does not divide global_work_size[0]=8\n");
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].kernel, "clEnqueueNDRangeKernel");
    EXPECT_EQ(f[0].line, "CL_INVALID_WORK_GROUP_SIZE");
}

TEST(OclgrindLog, AnyUnknownMessageIsAFinding) {
    // Planted: a report kind this reader does not know must still fail the case.
    EXPECT_EQ(parse_oclgrind_log("Some new kind of report\n\tKernel: k\n").size(), 1u);
}

TEST(OclgrindLog, EmptyAndSuppressionNoteAloneAreClean) {
    EXPECT_TRUE(parse_oclgrind_log("").empty());
    EXPECT_TRUE(parse_oclgrind_log("\n\n").empty());
    EXPECT_TRUE(parse_oclgrind_log("Oclgrind: 100 errors generated - suppressing further errors\n")
                    .empty());
}

} // namespace
} // namespace clgauge::test
