import Foundation
import HearthCore
import Prometheus

/// Counters and histograms exposed at GET /metrics.
public final class HearthMetrics: Sendable {
  public let registry = PrometheusCollectorRegistry()
  package static let latencyBuckets: [Duration] = [
    .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
    .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
  ]

  public init() {}

  package func request(method: String, route: String, status: Int, duration: Duration) {
    let labels = [("method", method), ("route", route), ("status", String(status))]
    registry.makeCounter(
      descriptor: .init(
        metricName: "hearth_http_requests_total", helpText: "HTTP requests answered."),
      labels: labels
    ).increment()
    registry.makeDurationHistogram(
      descriptor: .init(
        metricName: "hearth_http_request_duration_seconds",
        helpText: "Time to answer HTTP requests."),
      labels: [("method", method), ("route", route)], buckets: Self.latencyBuckets
    ).record(duration)
  }

  package func job(queue: String, outcome: String) {
    registry.makeCounter(
      descriptor: .init(metricName: "hearth_jobs_total", helpText: "Job attempts by outcome."),
      labels: [("queue", queue), ("outcome", outcome)]
    ).increment()
  }

  package func eventsDelivered(_ count: Int) {
    registry.makeCounter(
      descriptor: .init(
        metricName: "hearth_events_delivered_total", helpText: "Events written to live streams.")
    ).increment(by: Int64(count))
  }

  package func streamsOpen(_ delta: Double) {
    registry.makeGauge(
      descriptor: .init(
        metricName: "hearth_event_streams_open", helpText: "Open live event streams.")
    ).increment(by: delta)
  }

  package func jobsByStatus(_ counts: [JobStatus: Int]) {
    for status in JobStatus.allCases {
      registry.makeGauge(
        descriptor: .init(metricName: "hearth_jobs", helpText: "Jobs in the database by status."),
        labels: [("status", status.rawValue)]
      ).set(to: Double(counts[status] ?? 0))
    }
  }

  package func latestEvent(_ sequence: Int64) {
    registry.makeGauge(
      descriptor: .init(
        metricName: "hearth_events_sequence", helpText: "The newest committed event number.")
    ).set(to: Double(sequence))
  }

  public func render() -> String { registry.emitToString() }
}
