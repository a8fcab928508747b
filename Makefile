# The two commands of the README: `make book` and `make test`.  Each step prints "==> what";
# a failing step says which one failed and why.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
SITE := _build/html
RUNTIME := _build/widget-runtime
PRESENT := _build/present
CHROMIUM := /usr/bin/chromium

step = @printf '\n==> %s\n' "$(1)"
fail = { printf '\nmake: step "%s" failed: %s\n' "$(1)" "$(2)" >&2; exit 1; }

.PHONY: help book build site serve test test-fast lab present deps chromium postgresql lock screenshot clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 14

book: build serve  ## install, build the book and serve it on http://127.0.0.1:8000

# One pytest run on both cores (pytest-xdist): the tests of one page of the book, or of one module that
# starts a server of its own, share a worker (tests/conftest.py), and every test reads the one build made
# before.  Two workers: with four, the browsers, kernels and servers of four workers overloaded the two
# cores and the run took longer.
WORKERS ?= 2
PYTEST := $(PY) -m pytest -p no:cacheprovider -n $(WORKERS) --dist loadgroup --durations=15 \
	--junitxml=$(CURDIR)/_build/pytest.xml  # where the minutes go: benchmarks/test_time.py

test: deps chromium postgresql site  ## install what the tests need, build the book, run every test (one pytest run, two workers)
	$(call step,Running every test on $(WORKERS) workers: engine, doctests, types, the built book, browser)
	@CARDBOOK_BUILT_SITE=$(CURDIR)/$(SITE) $(PYTEST) || $(call fail,tests,pytest reported failures (see above))

test-fast: deps  ## the inner loop, about 2 minutes: the pure-Python tests (a tenth of the examples) and the JS checks
	$(call step,Pure-Python tests (no build, no browser, not slow; Hypothesis profile dev))
	@HYPOTHESIS_PROFILE=dev $(PY) -m pytest -p no:cacheprovider -n $(WORKERS) -q -m "not build and not browser and not slow" \
		|| $(call fail,test-fast,pytest reported failures (see above))

# The front ends (widgets/static, tools/site/page.js, classroom/static/join.js, the Lab extension tools/lab) bundled by esbuild into
# widgets/static/dist, which widgets/front_ends.py reads; made again when a source changes.
BUNDLES := widgets/static/dist/manifest.json
BUNDLE_SOURCES := $(wildcard widgets/static/*.js tools/lab/*) tools/site/page.js classroom/static/join.js tools/bundle_front_ends.mjs

deps: $(VENV)/.installed node_modules/.installed $(BUNDLES)  ## Python (.venv) and npm dependencies, as locked; the front ends bundled

# The installer: uv, pinned, installs the lock into the venv in ~17 s where pip took ~95 s (same packages, same
# versions; bytecode compiled as pip does, since this machine sets PYTHONDONTWRITEBYTECODE).
UV_PIN := uv==0.13.9
UV_INSTALL := $(PY) -m uv pip install --quiet --compile-bytecode --python $(PY)

$(VENV)/.installed: requirements.lock pyproject.toml
	$(call step,Python dependencies into $(VENV) from requirements.lock)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || $(call fail,venv,could not create $(VENV) with $(PYTHON))
	@$(PY) -m pip install --quiet --disable-pip-version-check $(UV_PIN) \
		|| $(call fail,pip install,could not install $(UV_PIN) (is PyPI reachable?))
	@$(UV_INSTALL) -r requirements.lock || $(call fail,uv pip install,could not install requirements.lock (is PyPI reachable?))
	@# editable_mode=compat: a .pth of the repository's path, which mypy follows (the default import hook it does
	@# not), so a learner's own script type-checks against cardlib from any folder (tests/test_learner_types.py)
	@$(UV_INSTALL) --no-deps -e . --config-settings editable_mode=compat \
		|| $(call fail,uv pip install,could not install this project (cardlib, widgets) into $(VENV))
	@touch $@

node_modules/.installed: package.json package-lock.json
	$(call step,npm dependencies (the widget runtime) from package-lock.json)
	@command -v npm >/dev/null || $(call fail,npm ci,npm is not installed (apt-get install -y npm))
	@npm ci --no-audit --no-fund --prefer-offline || $(call fail,npm ci,could not install package-lock.json)
	@touch $@
	@node tools/bundle_front_ends.mjs || $(call fail,bundle,esbuild could not bundle the front ends (see above))

$(BUNDLES): node_modules/.installed $(BUNDLE_SOURCES)
	$(call step,Bundling the front ends with esbuild into widgets/static/dist)
	@node tools/bundle_front_ends.mjs || $(call fail,bundle,esbuild could not bundle the front ends (see above))

build: deps site  ## install, then build both editions into _build/html (Chinese: zh/), warnings are errors

# The execution caches key on the chapters' text only: when the engine or the widgets change,
# the stored outputs are stale, so the caches are dropped.
ENGINE_SOURCES := $(shell find cardlib widgets -type f \( -name '*.py' -o -name '*.js' -o -name '*.css' \) 2>/dev/null)

_build/.engine-stamp: $(ENGINE_SOURCES)
	$(call step,Engine or widgets changed: dropping the notebook execution caches (both editions))
	@rm -rf _build/.jupyter_cache _build/.jupyter_cache-zh && mkdir -p _build && touch $@

site: node_modules/.installed _build/.engine-stamp  ## build the book with the Python deps already in $(VENV)
	@test -x $(VENV)/bin/jupyter-book || $(call fail,site,no jupyter-book in $(VENV): run make deps)
	$(call step,Staging the book's widget loader and page script into $(RUNTIME))
	@$(PY) tools/stage_widget_runtime.py $(RUNTIME) || $(call fail,widget runtime,see above)
	@$(PY) tools/stage_engine.py $(RUNTIME)/widget-runtime || $(call fail,engine,see above; Pyodide comes from npm: make deps)
	$(call step,Building both editions side by side: English into $(SITE) and Chinese into $(SITE)/zh (each executes the chapters with its own cache; warnings are errors))
	@rm -rf $(SITE)/widget-runtime && mkdir -p $(SITE) && cp -r $(RUNTIME)/widget-runtime $(SITE)/  # no older engine's files left
	@start=$$SECONDS; \
		$(VENV)/bin/jupyter-book build . -W -n --keep-going --all > _build/build-en.log 2>&1 & en=$$!; \
		$(PY) tools/build_zh.py $(SITE) > _build/build-zh.log 2>&1 & zh=$$!; \
		wait $$en && en_rc=0 || en_rc=$$?; wait $$zh && zh_rc=0 || zh_rc=$$?; \
		if [ $$en_rc != 0 ]; then tail -n 60 _build/build-en.log; $(call fail,build,the English edition reported warnings or errors (_build/build-en.log)); fi; \
		if [ $$zh_rc != 0 ]; then tail -n 60 _build/build-zh.log; $(call fail,build zh,the Chinese edition reported warnings or errors (_build/build-zh.log)); fi; \
		echo "Built $(SITE)/index.html and $(SITE)/zh/index.html in $$((SECONDS - start)) s (logs: _build/build-en.log, _build/build-zh.log)"

serve:
	$(call step,Serving the book)
	@test -f $(SITE)/index.html || $(call fail,serve,no book in $(SITE): run make build)
	@echo "The book is at http://127.0.0.1:$(PORT)/, its Chinese edition at http://127.0.0.1:$(PORT)/zh/  (Ctrl-C stops the server)"
	@$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory $(SITE)

LAB_PORT ?= 8888
LAB_FLAGS ?=  # more `jupyter lab` options; the browser tests pass --IdentityProvider.token=
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json

lab: deps  ## JupyterLab on the chapters: notebooks (jupytext), their MyST rendered (jupyterlab-myst), links followed in Lab (tools/lab)
	$(call step,JupyterLab on book/ at http://127.0.0.1:$(LAB_PORT)/ (on a phone: http://127.0.0.1:$(LAB_PORT)/doc/tree/intro.md))
	@mkdir -p $(dir $(LAB_OVERRIDES)) && printf '%s\n' \
		'{"@jupyterlab/docmanager-extension:plugin": {"autosave": false,' \
		'   "defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}},' \
		' "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}' \
		> $(LAB_OVERRIDES)
	@$(PY) -m jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
		--ServerApp.root_dir=book --LabApp.extra_labextensions_path=$(CURDIR)/widgets/static/dist --LabApp.news_url=None --LabApp.extension_manager=readonly \
		--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate $(ROOT_FLAG) $(LAB_FLAGS)

present: deps  ## the teacher decks in Voila (and class mode): a start page listing them, nothing from other hosts
	$(call step,Staging the teacher decks with the teacher template in $(PRESENT))
	@$(PY) teacher/stage.py $(PRESENT) || $(call fail,present,could not stage the decks (see above))
	$(call step,Serving the decks on port $(PORT) (jupyter server: Voila and class mode; CLASS_IP=<this machine's LAN address> for phones))
	@$(PY) teacher/stage.py $(PRESENT) --serve $(PORT) $(if $(CLASS_IP),--class-ip $(CLASS_IP))

.PHONY: decks
decks: node_modules/.installed  ## every teacher deck as a static page that needs no server, in _build/html/decks
	$(call step,Exporting the teacher decks as static pages into $(SITE)/decks)
	@$(PY) tools/export_decks.py $(SITE)/decks || $(call fail,decks,could not export the decks (see above))

postgresql:  ## Debian's PostgreSQL server programs for the class store's tests, installed if missing
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
		printf '\n==> %s\n' "Installing Debian's PostgreSQL for the class store's tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql; } \
			|| $(call fail,postgresql,apt-get could not install postgresql); \
	fi

chromium:  ## Debian's Chromium for the browser tests, installed if missing
	@if ! test -x $(CHROMIUM); then \
		printf '\n==> %s\n' "Installing Debian's Chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; } \
			|| $(call fail,chromium,apt-get could not install chromium); \
	fi

lock:  ## re-resolve requirements.lock from pyproject.toml in a fresh venv
	$(call step,Resolving the extras book and test in a fresh venv)
	@rm -rf _build/lock-venv && $(PYTHON) -m venv _build/lock-venv
	@_build/lock-venv/bin/pip install --quiet -e '.[book,test]' || $(call fail,lock,pip could not resolve)
	@{ echo '# Fully pinned Python dependencies of the book and the tests, resolved in a venv by `make lock`.'; \
	   echo '# `make book` and `make test` install exactly these (then the project itself, editable).'; \
	   _build/lock-venv/bin/pip freeze --exclude-editable; } > requirements.lock
	@rm -rf _build/lock-venv && echo "Wrote requirements.lock"

screenshot: build chromium  ## docs/screenshot.png of the first chapter, by headless Chromium
	@$(PY) tools/screenshot.py $(SITE) docs/screenshot.png

clean:  ## remove the built book and its execution cache (not .venv, not node_modules)
	rm -rf _build
