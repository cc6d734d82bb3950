// Prints one line CI adds up: "jest: N passed, N failed, N skipped".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    console.log(`jest: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests} skipped`);
  }
}
module.exports = SummaryReporter;
