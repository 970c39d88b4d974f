import HearthCore
import Testing

@Suite struct HearthConfigTests {
  @Test func defaultsWorkWithAnEmptyEnvironment() throws {
    let config = try HearthConfig.load([:])
    #expect(config.host == "127.0.0.1")
    #expect(config.port == 8080)
    #expect(config.database == .sqlite(path: "./data/hearth.sqlite"))
    #expect(config.environment == .production)
    #expect(config.bcryptCost == 12 && config.signupsPerHour == 20)
    #expect(config.secret == nil)
    #expect(!config.secureCookies)
    #expect(config.llm == nil)
  }

  @Test func readsEveryVariable() throws {
    let config = try HearthConfig.load([
      "HEARTH_HOST": "0.0.0.0", "HEARTH_PORT": "9000",
      "HEARTH_DATABASE_URL": "postgres://u:p@127.0.0.1:5432/hearth",
      "HEARTH_SECRET": String(repeating: "x", count: 40), "HEARTH_LOG_LEVEL": "DEBUG",
      "HEARTH_ENV": "production", "HEARTH_PUBLIC_URL": "https://hearth.example/",
      "HEARTH_TRUSTED_PROXIES": "10.0.0.1, ::1", "HEARTH_LLM_BASE_URL": "http://127.0.0.1:11434/v1",
      "HEARTH_LLM_MODEL": "llama", "HEARTH_LLM_API_KEY": "k", "HEARTH_STREAMS_PER_ACCOUNT": "500",
      "HEARTH_JOB_CONCURRENCY": "40", "HEARTH_JOB_CLAIM_AHEAD": "0",
    ])
    #expect(config.streamsPerAccount == 500)
    #expect(config.jobConcurrency == 40)
    #expect(config.jobClaimAhead == 0)
    #expect(config.port == 9000)
    #expect(config.database == .postgres(url: "postgres://u:p@127.0.0.1:5432/hearth"))
    #expect(config.logLevel == "debug")
    #expect(config.secureCookies)
    #expect(config.publicURL == "https://hearth.example")
    #expect(config.trustedProxies == ["10.0.0.1", "::1"])
    #expect(config.llm?.model == "llama")
    #expect(config.bcryptCost == 12)
  }

  @Test(arguments: [
    ("HEARTH_PORT", "eighty"), ("HEARTH_PORT", "70000"), ("HEARTH_ENV", "staging"),
    ("HEARTH_LOG_LEVEL", "loud"), ("HEARTH_SECRET", "short"), ("HEARTH_PUBLIC_URL", "ftp://x"),
    ("HEARTH_TRUSTED_PROXIES", "proxy.local"), ("HEARTH_DATABASE_URL", "mysql://x"),
    ("HEARTH_LLM_BASE_URL", "not a url"), ("HEARTH_STREAMS_PER_ACCOUNT", "0"),
    ("HEARTH_JOB_CONCURRENCY", "0"), ("HEARTH_JOB_CLAIM_AHEAD", "-1"),
  ])
  func aBadValueNamesItsVariable(variable: String, value: String) {
    #expect {
      try HearthConfig.load([variable: value])
    } throws: { error in
      (error as? HearthConfig.Error)?.variable == variable
    }
  }

  /// A clock that tests move is for development only: production refuses to start with it.
  @Test func theTestClockIsForDevelopmentOnly() throws {
    #expect(!(try HearthConfig.load(["HEARTH_ENV": "development"]).testClock))
    #expect(
      try HearthConfig.load(["HEARTH_ENV": "development", "HEARTH_TEST_CLOCK": "on"]).testClock)
    #expect(
      !(try HearthConfig.load(["HEARTH_ENV": "development", "HEARTH_TEST_CLOCK": "off"]).testClock))
    #expect {
      try HearthConfig.load(["HEARTH_TEST_CLOCK": "on"])
    } throws: { error in
      (error as? HearthConfig.Error)?.variable == "HEARTH_TEST_CLOCK"
    }
  }

  @Test func anLLMNeedsAModel() {
    #expect {
      try HearthConfig.load(["HEARTH_LLM_BASE_URL": "http://127.0.0.1:1/v1"])
    } throws: { error in
      (error as? HearthConfig.Error)?.variable == "HEARTH_LLM_MODEL"
    }
  }

  @Test func sqliteLocations() throws {
    #expect(
      try HearthConfig.load(["HEARTH_DATABASE_URL": "sqlite:///tmp/a.db"]).database
        == .sqlite(path: "/tmp/a.db"))
    #expect(
      try HearthConfig.load(["HEARTH_DATABASE_URL": "data/b.sqlite"]).database
        == .sqlite(path: "data/b.sqlite"))
  }
}
