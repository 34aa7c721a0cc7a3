#!/usr/bin/env python3
"""The CI steps users copy, checked here since no runner runs them: action.yml and the workflow and
GitLab job in docs/ci.md hold only keys their runners accept, every expression names something that
exists, and their shell steps run as the runners would run them (bash -e, the runners' variables)
against the Debian package the package test built, with apt and sudo stood in for by a tree the
package is unpacked into.

    check_ci.py SOURCE_DIR PACKAGE_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

SOURCE, PACKAGES = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []
# Everything the checks make goes here, removed at the end.
WORK = tempfile.mkdtemp(prefix="tileprof-check-ci-")


def fail(message):
    failures.append(message)
    print("FAILED: " + message, file=sys.stderr)


def keys_within(where, mapping, allowed, required=()):
    if not isinstance(mapping, dict):
        fail(f"{where}: not a mapping")
        return
    for key in mapping:
        if key not in allowed:
            fail(f"{where}: '{key}' is not a key the runner accepts")
    for key in required:
        if key not in mapping:
            fail(f"{where}: '{key}' is required")


# GitHub's metadata syntax for actions (composite) and workflow syntax, as documented.
ACTION_KEYS = {"name", "author", "description", "inputs", "outputs", "runs", "branding"}
ACTION_INPUT_KEYS = {"description", "required", "default", "deprecationMessage"}
BRANDING_COLOURS = {"white", "black", "yellow", "blue", "green", "orange", "red", "purple", "gray-dark"}
COMPOSITE_STEP_KEYS = {"run", "shell", "uses", "with", "name", "id", "if", "env", "working-directory",
                       "continue-on-error"}
WORKFLOW_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
JOB_KEYS = {"name", "needs", "permissions", "runs-on", "environment", "concurrency", "outputs", "env",
            "defaults", "if", "steps", "timeout-minutes", "strategy", "continue-on-error", "container",
            "services", "uses", "with", "secrets"}
WORKFLOW_STEP_KEYS = COMPOSITE_STEP_KEYS | {"timeout-minutes"}
# GitLab's .gitlab-ci.yml keywords.
GITLAB_GLOBAL_KEYS = {"default", "include", "stages", "variables", "workflow"}
GITLAB_JOB_KEYS = {"after_script", "allow_failure", "artifacts", "before_script", "cache", "coverage",
                   "dast_configuration", "dependencies", "environment", "extends", "hooks", "id_tokens",
                   "image", "inherit", "interruptible", "needs", "pages", "parallel", "release",
                   "resource_group", "retry", "rules", "script", "secrets", "services", "stage", "tags",
                   "timeout", "trigger", "variables", "when"}
GITLAB_ARTIFACT_KEYS = {"paths", "exclude", "expire_in", "expose_as", "name", "public", "reports",
                        "untracked", "when"}
GITLAB_REPORT_KEYS = {"accessibility", "api_fuzzing", "browser_performance", "coverage_report",
                      "codequality", "container_scanning", "coverage_fuzzing", "cyclonedx", "dast",
                      "dependency_scanning", "dotenv", "junit", "license_scanning", "load_performance",
                      "metrics", "requirements", "sast", "secret_detection", "terraform"}
GITLAB_CACHE_KEYS = {"key", "paths", "policy", "untracked", "when", "fallback_keys", "unprotect"}

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def check_action(action):
    keys_within("action.yml", action, ACTION_KEYS, ("name", "description", "runs"))
    inputs = action.get("inputs", {})
    for name, spec in inputs.items():
        keys_within(f"action.yml inputs.{name}", spec, ACTION_INPUT_KEYS, ("description",))
    for name, spec in action.get("outputs", {}).items():
        keys_within(f"action.yml outputs.{name}", spec, {"description", "value"}, ("description", "value"))
    branding = action.get("branding", {})
    keys_within("action.yml branding", branding, {"icon", "color"})
    if branding.get("color") not in BRANDING_COLOURS:
        fail(f"action.yml branding: colour {branding.get('color')} is not one GitHub draws")
    runs = action["runs"]
    keys_within("action.yml runs", runs, {"using", "steps"}, ("using", "steps"))
    if runs.get("using") != "composite":
        fail("action.yml: runs.using is not composite")
    ids = set()
    for i, step in enumerate(runs["steps"]):
        where = f"action.yml step {i + 1} ({step.get('name', '')})"
        keys_within(where, step, COMPOSITE_STEP_KEYS)
        if ("run" in step) == ("uses" in step):
            fail(f"{where}: a step has run or uses, one of them")
        if "run" in step and "shell" not in step:
            fail(f"{where}: a composite action's run step needs a shell")
        texts = [str(v) for v in step.get("env", {}).values()] + [str(v) for v in step.get("with", {}).values()]
        texts.append(str(step.get("if", "")))
        for text in texts:
            for expression in EXPRESSION.findall(text) + ([text] if text == step.get("if") else []):
                for name in re.findall(r"\binputs\.([A-Za-z0-9_-]+)", expression):
                    if name not in inputs:
                        fail(f"{where}: inputs.{name} is not an input")
                for name in re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.", expression):
                    if name not in ids:
                        fail(f"{where}: steps.{name} is not a step before it")
        if "run" in step and EXPRESSION.search(step["run"]):
            fail(f"{where}: an expression inside run: is pasted into the script unquoted; pass it in env:")
        if "id" in step:
            ids.add(step["id"])
    for name, spec in action.get("outputs", {}).items():
        for step_id in re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.", spec.get("value", "")):
            if step_id not in ids:
                fail(f"action.yml outputs.{name}: steps.{step_id} is not a step")


def check_workflow(workflow, uses_the_action=True):
    # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as "on".
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    keys_within("docs/ci.md workflow", workflow, WORKFLOW_KEYS, ("on", "jobs"))
    for job_id, job in workflow["jobs"].items():
        keys_within(f"docs/ci.md job {job_id}", job, JOB_KEYS, ("runs-on", "steps"))
        uses_action = False
        for i, step in enumerate(job["steps"]):
            keys_within(f"docs/ci.md job {job_id} step {i + 1}", step, WORKFLOW_STEP_KEYS)
            if step.get("uses", "").startswith("tileprof/tileprof@"):
                uses_action = True
                action_inputs = ACTION["inputs"]
                for name in step.get("with", {}):
                    if name not in action_inputs:
                        fail(f"docs/ci.md: the workflow gives the action '{name}', which it does not take")
        if uses_the_action and not uses_action:
            fail("docs/ci.md: the workflow does not use the action")
        if "strategy" in job:
            keys_within(f"docs/ci.md job {job_id} strategy", job["strategy"], {"matrix", "fail-fast", "max-parallel"})


def check_gitlab(pipeline):
    for name, job in pipeline.items():
        if name in GITLAB_GLOBAL_KEYS:
            continue
        keys_within(f"docs/ci.md GitLab job {name}", job, GITLAB_JOB_KEYS, ("script",))
        keys_within(f"docs/ci.md GitLab job {name} artifacts", job.get("artifacts", {}), GITLAB_ARTIFACT_KEYS)
        keys_within(f"docs/ci.md GitLab job {name} reports", job.get("artifacts", {}).get("reports", {}),
                    GITLAB_REPORT_KEYS)
        keys_within(f"docs/ci.md GitLab job {name} cache", job.get("cache", {}), GITLAB_CACHE_KEYS)


def yaml_blocks(markdown):
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", markdown, re.S)]


# Stand-ins for the commands that would change the machine: apt-get unpacks a package given as a
# file into FAKE_ROOT (whose usr/bin is on the PATH), sudo runs its command, curl copies file:// URLs.
STAND_INS = {
    "apt-get": r'''#!/usr/bin/env bash
echo "apt-get $*" >> "$FAKE_ROOT/apt.log"
if [[ $1 == install ]]; then
    for a in "$@"; do
        if [[ $a == *.deb ]]; then
            [[ $a == */* ]] || { echo "apt-get: $a is not a path" >&2; exit 100; }
            dpkg-deb -x "$a" "$FAKE_ROOT" || exit 100
        fi
    done
fi
''',
    "sudo": '#!/usr/bin/env bash\nexec "$@"\n',
    "curl": r'''#!/usr/bin/env bash
out=; url=
while (($#)); do case $1 in -o) out=$2; shift 2 ;; -*) shift ;; *) url=$1; shift ;; esac; done
[[ $url == file://* ]] || { echo "curl: only file:// here" >&2; exit 7; }
cp "${url#file://}" "$out"
''',
}


def machine(tmp):
    root = os.path.join(tmp, "root")
    stand_ins = os.path.join(tmp, "stand-ins")
    os.makedirs(root)
    os.makedirs(stand_ins)
    for name, text in STAND_INS.items():
        path = os.path.join(stand_ins, name)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, 0o755)
    env = {"PATH": f"{root}/usr/bin:{stand_ins}:/usr/bin:/bin", "HOME": tmp, "FAKE_ROOT": root, "LANG": "C.UTF-8",
           "CI": "true"}
    return root, env


def evaluate(condition, context):
    """The few expression forms action.yml uses: a == '' / != 'x', joined by &&."""
    result = True
    for part in condition.split("&&"):
        match = re.fullmatch(r"\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*", part)
        if not match:
            fail(f"action.yml: cannot read the condition {condition!r}")
            return False
        value = context.get(match.group(1), "")
        result = result and ((value == match.group(3)) == (match.group(2) == "=="))
    return result


def run_action(inputs, cached_deb=None):
    """The action's steps as the runner runs them; returns (exit status, summary, outputs, workspace)."""
    tmp = tempfile.mkdtemp(prefix="action-", dir=WORK)
    root, env = machine(tmp)
    workspace = os.path.join(tmp, "workspace")
    runner_temp = os.path.join(tmp, "runner-temp")
    os.makedirs(workspace)
    os.makedirs(runner_temp)
    files = {name: os.path.join(tmp, name) for name in ("summary", "output", "path", "env")}
    for path in files.values():
        open(path, "w").close()
    context = {f"inputs.{name}": spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    context.update({f"inputs.{name}": value for name, value in inputs.items()})
    context.update({"runner.temp": runner_temp, "github.action_ref": "v0.1.0"})
    env.update({"GITHUB_ACTION_PATH": SOURCE, "GITHUB_WORKSPACE": workspace, "GITHUB_STEP_SUMMARY": files["summary"],
                "GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"], "GITHUB_ENV": files["env"],
                "RUNNER_TEMP": runner_temp, "RUNNER_OS": "Linux", "GITHUB_ACTIONS": "true"})
    status = 0
    for step in ACTION["runs"]["steps"]:
        if "if" in step and not evaluate(step["if"], context):
            continue
        if "uses" in step:
            # actions/cache: a hit when the test gives a package, restored into the path it keys.
            if cached_deb is not None:
                path = EXPRESSION.sub(lambda m: context[m.group(1)], step["with"]["path"])
                os.makedirs(path, exist_ok=True)
                shutil.copy(cached_deb, path)
            context[f"steps.{step['id']}.outputs.cache-hit"] = "true" if cached_deb else "false"
            continue
        if cached_deb is None and "build-deb" in step["run"]:
            fail("the test would build the package from the sources: give it one")
            return 1, "", {}, workspace
        step_env = dict(env)
        for name, value in step.get("env", {}).items():
            step_env[name] = EXPRESSION.sub(lambda m: context.get(m.group(1), ""), str(value))
        with open(files["output"], "w"):
            pass
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=workspace, env=step_env).returncode
        with open(files["output"]) as f:
            for line in f:
                name, _, value = line.rstrip("\n").partition("=")
                context[f"steps.{step.get('id')}.outputs.{name}"] = value
        if status != 0:
            break
    with open(files["summary"]) as f:
        summary = f.read()
    outputs = {k.split(".")[-1]: v for k, v in context.items() if k.startswith("steps.run.outputs.")}
    return status, summary, outputs, workspace


def check_action_runs():
    deb = next(os.path.join(PACKAGES, f) for f in sorted(os.listdir(PACKAGES)) if re.fullmatch(r"tileprof_.*\.deb", f))
    share = "/usr/share/tileprof/roms"
    # The key step alone: the same sources give the same key, shaped as actions/cache takes it.
    keys = [subprocess.run([os.path.join(SOURCE, "scripts/ci/source-key.sh")], capture_output=True, text=True).stdout
            for _ in range(2)]
    if keys[0] != keys[1] or not re.fullmatch(r"key=tileprof-deb-[a-z]+-[\w.]+-\w+-[0-9a-f]{16}\n", keys[0]):
        fail(f"source-key.sh gave {keys!r}")

    # Play files that name nothing: the step fails as bad input.
    status, _, _, _ = run_action({"deb": "file://" + deb, "plays": "no/such/*.play.toml"})
    if status != 2:
        fail(f"plays that name no file: the step exited {status}, not 2")

    for what, inputs, cached in (("a package URL", {"deb": "file://" + deb}, None),
                                 ("the cached build", {}, deb)):
        tmp_root = tempfile.mkdtemp(prefix="share-", dir=WORK)
        subprocess.run(["dpkg-deb", "-x", deb, tmp_root], check=True)
        roms = tmp_root + share
        status, summary, outputs, workspace = run_action(
            {**inputs, "baselines": f"{roms}/tile-collision/baseline.json {roms}/seed00*-probes/baseline.json",
             "plays": f"{roms}/demo/*.play.toml", "check-options": "--tolerance 1"}, cached)
        if status != 0:
            fail(f"{what}: the action failed (exit {status})")
        if not summary.startswith("## tileprof: passed (3 passed, 0 failed, 0 could not run)\n"):
            fail(f"{what}: the job summary begins {summary[:80]!r}")
        if summary.count("(tolerance 1 cycles)") != 2:
            fail(f"{what}: the check options did not reach both checks")
        if "### tileprof play: demo: passed" not in summary:
            fail(f"{what}: the job summary lacks the play")
        if outputs.get("result") != "passed":
            fail(f"{what}: the action's result output is {outputs.get('result')!r}")
        junit = os.path.join(workspace, "tileprof-junit")
        xml = sorted(os.listdir(junit)) if os.path.isdir(junit) else []
        if len(xml) != 3:
            fail(f"{what}: JUnit files {xml}")

        # A baseline that expects fewer cycles: the step fails, the summary says which case.
        with open(f"{roms}/tile-collision/baseline.json") as f:
            text = f.read()
        tighter = re.sub(r'"max_cycles": (\d+)', lambda m: f'"max_cycles": {int(m.group(1)) - 1}', text, count=1)
        with open(f"{roms}/tile-collision/tighter.baseline.json", "w") as f:
            f.write(tighter)
        status, summary, outputs, workspace = run_action(
            {**inputs, "baselines": f"{roms}/tile-collision/tighter.baseline.json"}, cached)
        if status != 1 or outputs.get("result") != "FAILED":
            fail(f"{what}: a slower case gave exit {status}, result {outputs.get('result')!r}")
        if not summary.startswith("## tileprof: FAILED (0 passed, 1 failed, 0 could not run)\n") or "SLOWER" not in summary:
            fail(f"{what}: the failed check's summary: {summary[:300]!r}")
        # A baseline that cannot be read: exit 2, an error in the test report, the message in the summary.
        with open(f"{roms}/broken.baseline.json", "w") as f:
            f.write("{broken")
        status, summary, outputs, workspace = run_action({**inputs, "baselines": f"{roms}/broken.baseline.json"}, cached)
        reports = [os.path.join(workspace, "tileprof-junit", name) for name in os.listdir(os.path.join(workspace, "tileprof-junit"))]
        if status != 2 or "### tileprof check: could not run" not in summary or "not JSON" not in summary:
            fail(f"{what}: an unreadable baseline gave exit {status} and the summary {summary[:200]!r}")
        if len(reports) != 1 or 'errors="1"' not in open(reports[0]).read():
            fail(f"{what}: an unreadable baseline's JUnit: {reports}")
        shutil.rmtree(tmp_root)


def check_gitlab_runs(job):
    deb = next(os.path.join(PACKAGES, f) for f in sorted(os.listdir(PACKAGES)) if re.fullmatch(r"tileprof_.*\.deb", f))
    tmp = tempfile.mkdtemp(prefix="gitlab-", dir=WORK)
    root, env = machine(tmp)
    project = os.path.join(tmp, "project")
    # The user's project: a baseline and a play file of its own, here the bundled ones.
    extracted = os.path.join(tmp, "extracted")
    subprocess.run(["dpkg-deb", "-x", deb, extracted], check=True)
    shutil.copytree(extracted + "/usr/share/tileprof/roms", os.path.join(project, "ci"))
    shutil.copy(os.path.join(project, "ci/tile-collision/baseline.json"), os.path.join(project, "ci/collision.baseline.json"))
    with open(os.path.join(project, "ci/collision.baseline.json")) as f:
        text = f.read().replace('"scenarios/', '"tile-collision/scenarios/')
    with open(os.path.join(project, "ci/collision.baseline.json"), "w") as f:
        f.write(text)
    shutil.copy(os.path.join(project, "ci/demo/walk.play.toml"), os.path.join(project, "ci/walk.play.toml"))
    with open(os.path.join(project, "ci/walk.play.toml")) as f:
        text = f.read().replace('"../tile-collision/', '"tile-collision/').replace('"walk.toml"', '"demo/walk.toml"')
    with open(os.path.join(project, "ci/walk.play.toml"), "w") as f:
        f.write(text)
    # The job's clone of tileprof (git is not run here): this tree's scripts, where the clone has them.
    shutil.copytree(os.path.join(SOURCE, "scripts"), os.path.join(project, ".tileprof-src", "scripts"))
    os.makedirs(os.path.join(project, ".tileprof-deb"))
    shutil.copy(deb, os.path.join(project, ".tileprof-deb"))
    env.update({k: str(v) for k, v in job.get("variables", {}).items()})
    env.update({"CI_PROJECT_DIR": project, "CI_JOB_NAME": "tileprof", "GITLAB_CI": "true"})
    # apt-get update/install of git and curl and the clone itself are what a bare image needs first.
    lines = [l for l in job["before_script"] if not l.startswith(("git clone", "apt-get"))]
    script = "\n".join(lines + job["script"])
    status = subprocess.run(["bash", "-e", "-c", script], cwd=project, env=env).returncode
    if status != 0:
        fail(f"the GitLab job failed (exit {status})")
        return
    junit = os.path.join(project, "tileprof-junit")
    reports = [f for f in os.listdir(junit) if f.endswith(".xml")]
    if len(reports) != 2:
        fail(f"the GitLab job's JUnit reports: {reports}")
    with open(os.path.join(junit, "summary.md")) as f:
        summary = f.read()
    if not summary.startswith("## tileprof: passed (2 passed, 0 failed, 0 could not run)\n"):
        fail(f"the GitLab job's summary begins {summary[:80]!r}")


with open(os.path.join(SOURCE, "action.yml")) as f:
    ACTION = yaml.safe_load(f)
check_action(ACTION)
with open(os.path.join(SOURCE, "docs/ci.md")) as f:
    blocks = yaml_blocks(f.read())
workflows = [b for b in blocks if isinstance(b, dict) and "jobs" in b]
pipelines = [b for b in blocks if isinstance(b, dict) and "jobs" not in b]
# The first workflow runs the action; the others (exploring a game in a matrix) run tileprof itself.
if not workflows or len(pipelines) != 1:
    fail(f"docs/ci.md has {len(workflows)} workflows and {len(pipelines)} GitLab pipelines, not one or more and one")
else:
    check_workflow(workflows[0])
    for workflow in workflows[1:]:
        check_workflow(workflow, uses_the_action=False)
    check_gitlab(pipelines[0])
    check_action_runs()
    check_gitlab_runs(pipelines[0]["tileprof"])

shutil.rmtree(WORK)
if failures:
    sys.exit(1)
print("CI files: action.yml, the workflow and the GitLab job checked and run")
