import Foundation

extension ReportWriter {
  func capacityGoals(_ result: CapacityResult) -> [[String]] {
    result.setups.map { setup in
      let step = setup.steps.filter { $0.people == setup.capacity }.first
      return [
        "Capacity, \(setup.name): the most concurrent people with p99 under "
          + "\(Int(result.goalMilliseconds)) ms, reported",
        setup.capacity.map { people in
          "\(rate(Double(people))) people"
            + (step.map { ", \(rate($0.requestsPerSecond)) requests/s, p99 \(ms($0.latency.p99))" }
              ?? "")
        } ?? "none: the first step was over",
        setup.capacity == nil ? "not met" : "met",
      ]
    }
  }

  private func processes(_ setup: CapacitySetup) -> String {
    let serves =
      setup.serves == 1 ? "One `hearth serve`" : "\(setup.serves) `hearth serve` processes"
    switch setup.workers {
    case 0: return serves + " (which runs the jobs too)"
    case 1: return serves + " and a `hearth worker`"
    default: return serves + " and \(setup.workers) `hearth worker` processes"
    }
  }

  func capacitySection(_ result: CapacityResult, machine: String) -> String {
    var text = """
      ## Capacity

      \(dated(result.info, machine: machine))How many people one machine serves, all four apps \
      at once, on \(result.cores) cores, with the load generator (`hearth-bench capacity`) on \
      the same cores. Each person keeps an event stream open and, after a pause of \
      \(result.thinkMilliseconds) ms on average (exponential), does one action of the mix \
      below; the number of people grows step by step (\(result.stepSeconds) s each, the first \
      fifth not counted) until the p99 of all requests reaches \
      \(Int(result.goalMilliseconds)) ms or a request fails, then halves the gap twice. \
      Accounts and sessions are written into the database beforehand (sign-up's bcrypt is not \
      the subject), each person comes from an address of their own (X-Forwarded-For through a \
      trusted proxy), and Onpu's dictionaries are loaded before the first step.

      \(table(["Action", "Share"], result.mix.map { [$0.action, "\($0.percent) %"] }))


      """
    for setup in result.setups {
      let rows = setup.steps.map { step in
        [
          rate(Double(step.people)), rate(step.requestsPerSecond), ms(step.latency.p50),
          ms(step.latency.p99), ms(step.latency.max),
          step.errors == 0 ? "0" : "\(step.errors) (\(step.firstError ?? ""))",
          "\(step.streamsOpen)", rate(Double(step.eventsReceived)),
          step.held(result.goalMilliseconds) ? "held" : "over",
        ]
      }
      text += """
        ### \(setup.name)

        \(processes(setup)) on \(setup.database). Capacity: \(setup.capacity.map { "**\(rate(Double($0))) people**" } ?? "none held").

        \(table(["People", "Requests/s", "p50", "p99", "max", "Errors", "Streams", "Events received", "Step"], rows))


        """
    }
    return text
  }
}
