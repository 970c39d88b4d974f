import Foundation
import HearthCore
import Metrics
import Prometheus

/// The server's counters, gauges and histograms, recorded through swift-metrics and exposed at
/// GET /metrics in Prometheus's text format.
public final class HearthMetrics: Sendable {
  package static let latencyBuckets: [Duration] = [
    .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
    .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
  ]

  /// MetricsSystem takes one factory per process, once; every server in the process (tests run
  /// several) records into this registry.
  private static let registry: PrometheusCollectorRegistry = {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = latencyBuckets
    MetricsSystem.bootstrap(factory)
    return registry
  }()

  /// Made once: every open stream counts each delivery, and making a counter looks it up in
  /// the registry under its lock.
  private let delivered: Metrics.Counter

  public init() {
    _ = Self.registry
    delivered = Metrics.Counter(label: "hearth_events_delivered_total")
  }

  package func request(method: String, route: String, status: Int, duration: Duration) {
    Counter(
      label: "hearth_http_requests_total",
      dimensions: [("method", method), ("route", route), ("status", String(status))]
    ).increment()
    Metrics.Timer(
      label: "hearth_http_request_duration_seconds",
      dimensions: [("method", method), ("route", route)]
    ).record(duration: duration)
  }

  package func job(queue: String, outcome: String) {
    Counter(label: "hearth_jobs_total", dimensions: [("queue", queue), ("outcome", outcome)])
      .increment()
  }

  package func eventsDelivered(_ count: Int) {
    delivered.increment(by: count)
  }

  package func streamsOpen(_ delta: Double) {
    let open = Meter(label: "hearth_event_streams_open")
    if delta >= 0 { open.increment(by: delta) } else { open.decrement(by: -delta) }
  }

  package func jobsByStatus(_ counts: [JobStatus: Int]) {
    for status in JobStatus.allCases {
      Gauge(label: "hearth_jobs", dimensions: [("status", status.rawValue)])
        .record(counts[status] ?? 0)
    }
  }

  package func latestEvent(_ sequence: Int64) {
    Gauge(label: "hearth_events_sequence").record(sequence)
  }

  public func render() -> String { Self.registry.emitToString() }
}
