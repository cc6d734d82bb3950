/** @jest-environment node */
import { clusterSummary } from "@/components/profile/cluster-summary";

describe("clusterSummary", () => {
  it("shows nothing without clusters", () => {
    expect(clusterSummary([])).toBeNull();
  });
  it("shows one name alone", () => {
    expect(clusterSummary(["Robotics"])).toBe("Robotics");
  });
  it("joins two names with 'and'", () => {
    expect(clusterSummary(["Robotics", "Choir"])).toBe("Robotics and Choir");
  });
  it("shows the first two and a count of the others from three on", () => {
    expect(clusterSummary(["Robotics", "Choir", "Band"])).toBe("Robotics, Choir and 1 other Cluster");
    expect(clusterSummary(["A", "B", "C", "D", "E"])).toBe("A, B and 3 other Clusters");
  });
});
