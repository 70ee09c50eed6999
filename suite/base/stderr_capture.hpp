// Catches what a driver writes to the process's stderr (file descriptor 2) while a call runs.
// PoCL's compiler prints its diagnostics ("2 warnings generated.") straight to fd 2 during
// clBuildProgram, which lands between the rows of the results table; capturing them lets
// the program cache keep them with the build's log instead.
#pragma once
#include <string>

namespace clgauge {

class StderrCapture {
  public:
    StderrCapture();  // from here on, fd 2 writes go to an unnamed temporary file
    ~StderrCapture(); // restores fd 2 if finish() was not called
    StderrCapture(const StderrCapture&) = delete;
    StderrCapture& operator=(const StderrCapture&) = delete;

    // Restores fd 2 and returns what was written meanwhile. Once only.
    std::string finish();

  private:
    void restore();
    int saved_ = -1;    // the real stderr, dup'ed
    int captured_ = -1; // the temporary file
};

} // namespace clgauge
