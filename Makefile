# Hearth: one server, four apps. See README.md.
#
#   make run      install what is missing, build, start `hearth serve` on http://127.0.0.1:8080
#   make check    format, lint, build, and the Swift tests of the modules changed since main
#   make test     everything: Swift tests, system tests, browser tests, fuzzing (scripts/test)
#   make bench    the benchmarks (SUITE=name picks one)
#   make redo     the redo CLI, release build with the Swift runtime linked in: bin/redo
#   make format   format the Swift sources in place
#   make lint     check the Swift formatting, the scripts (node --check) and the module rules
#   make setup    install everything the build and the tests need
#   make screenshots  docs/screenshots from the last browser run (each app on a phone and a desktop)

SHELL := /bin/bash
.DEFAULT_GOAL := help

# The Swift toolchain lives in /opt/swift on the project's machines.
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif

SUITE ?= all

.PHONY: help run check test test-system test-browser fuzz bench redo format lint setup screenshots clean

help:
	@echo "make run           build and start hearth serve (http://127.0.0.1:8080, ./data/hearth.sqlite)"
	@echo "make check         quick loop: format, lint, build, Swift tests of what changed since main"
	@echo "make test          every test: Swift, system (SQLite+PostgreSQL), browser, fuzzing"
	@echo "make test-system   only the system tests (PostgreSQL cases skip without HEARTH_TEST_DATABASE_URL)"
	@echo "make test-browser  only the browser tests"
	@echo "make fuzz          only the schemathesis run"
	@echo "make bench         benchmarks (SUITE=$(SUITE))"
	@echo "make redo          bin/redo: the redo CLI, release, Swift runtime linked in"
	@echo "make format        swift format, in place"
	@echo "make lint          swift format lint --strict, node --check, scripts/check-architecture"
	@echo "make setup         install what the build and the tests need"
	@echo "make screenshots   docs/screenshots from the last browser run's pictures of each app"
	@echo "make clean         remove .tmp (test logs, screenshots, reports)"

run:
	@scripts/setup run
	swift build --manifest-cache none
	@mkdir -p data
	HEARTH_ENV=$${HEARTH_ENV:-development} exec .build/debug/hearth serve

check:
	@scripts/check

test:
	@scripts/test

test-system:
	@scripts/setup test
	scripts/run-system-tests

test-browser:
	@scripts/setup test
	scripts/run-browser-tests

fuzz:
	@scripts/setup test
	scripts/fuzz-api

bench:
	scripts/bench $(SUITE)

# A linked-in runtime starts in half the time; its own build directory keeps .build incremental.
redo:
	swift build --manifest-cache none -c release --product redo --static-swift-stdlib --build-path .build-static
	@mkdir -p bin
	cp .build-static/release/redo bin/redo
	@echo "bin/redo is ready: export PATH=\"$$PWD/bin:\$$PATH\""

format:
	swift format -i -r Sources Tests Package.swift

lint:
	swift format lint --strict -r Sources Tests
	scripts/check-scripts
	scripts/check-architecture

setup:
	scripts/setup all

# test_pages.py pictures each app with data in it; these are the README's pictures.
screenshots:
	@ls .tmp/screenshots/readme-*.png >/dev/null 2>&1 || { echo "no pictures yet: run make test-browser first" >&2; exit 1; }
	mkdir -p docs/screenshots
	for shot in .tmp/screenshots/readme-*.png; do cp "$$shot" "docs/screenshots/$${shot#.tmp/screenshots/readme-}"; done

clean:
	rm -rf .tmp
