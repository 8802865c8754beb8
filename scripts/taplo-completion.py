#!/usr/bin/env python3
"""A scripted exchange with Taplo's language server: the completion an editor shows in a
game.toml that names ludopress's schema on its first line. Needs a `taplo` built with its
language server (`cargo install taplo-cli --features lsp`); not run by CI.

Usage: scripts/taplo-completion.py [TAPLO]   (from the repository's root)
"""
import json, subprocess, sys, time, os, threading, queue, shutil, tempfile
taplo = sys.argv[1] if len(sys.argv) > 1 else "taplo"
root = tempfile.mkdtemp()
os.makedirs(f"{root}/games/demo")
shutil.copytree("schema", f"{root}/schema")
path = f"{root}/games/demo/game.toml"
text = '#:schema ../../schema/game.schema.json\n[game]\nid = "demo"\nti\n\n[[piece]]\nid = "x"\n\n'
open(path, "w").write(text)
p = subprocess.Popen([taplo, "lsp", "stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
q = queue.Queue()
def reader():
    while True:
        h = b""
        while not h.endswith(b"\r\n\r\n"):
            c = p.stdout.read(1)
            if not c: return
            h += c
        n = int([l for l in h.decode().split("\r\n") if l.lower().startswith("content-length")][0].split(":")[1])
        q.put(json.loads(p.stdout.read(n)))
threading.Thread(target=reader, daemon=True).start()
def send(msg):
    b = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def wait(i, t=15):
    end = time.time() + t
    while time.time() < end:
        try: m = q.get(timeout=0.5)
        except queue.Empty: continue
        if "method" in m and "id" in m:
            send({"jsonrpc": "2.0", "id": m["id"], "result": [None] if m["method"] == "workspace/configuration" else None})
        elif m.get("id") == i:
            return m
    return None
uri = "file://" + path
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": os.getpid(), "rootUri": "file://" + root, "capabilities": {"workspace": {"configuration": True}, "textDocument": {"completion": {"completionItem": {"documentationFormat": ["markdown", "plaintext"]}}}}, "workspaceFolders": [{"uri": "file://" + root, "name": "tp"}]}})
wait(1)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}}})
time.sleep(4)
for i, (line, col, what) in enumerate([(3, 2, "[game], after `ti`"), (7, 0, "[[piece]], on an empty line")]):
    send({"jsonrpc": "2.0", "id": 10 + i, "method": "textDocument/completion", "params": {"textDocument": {"uri": uri}, "position": {"line": line, "character": col}}})
    r = wait(10 + i)
    items = (r or {}).get("result") or []
    if isinstance(items, dict): items = items.get("items", [])
    labels = sorted(x["label"] for x in items)
    print(f"{what}: {len(items)} items: {', '.join(labels)[:500]}")
    for x in items:
        if x["label"] in ("title", "shape"):
            doc = x.get("documentation")
            doc = doc.get("value") if isinstance(doc, dict) else (doc or x.get("detail", ""))
            print(f"   {x['label']}: {str(doc)[:160]!r}")
p.kill()
