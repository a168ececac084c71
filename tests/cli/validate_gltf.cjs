// The Khronos glTF validator (npm's gltf-validator) on one file, for
// tests/cli/gltf_skin_test.cpp: prints "RESULT errors N warnings N" and each
// error and warning. The test sets NODE_PATH to where the package is
// (tests/web/node_modules after `make test-clients`).
//
//   node tests/cli/validate_gltf.cjs FILE.glb
const fs = require('fs');
const validator = require('gltf-validator');

validator.validateBytes(new Uint8Array(fs.readFileSync(process.argv[2])), {maxIssues: 100}).then((r) => {
  for (const m of r.issues.messages)
    if (m.severity <= 1) console.log(m.severity === 0 ? 'error' : 'warning', m.code, m.message, m.pointer || '');
  console.log(`RESULT errors ${r.issues.numErrors} warnings ${r.issues.numWarnings}`);
}, (e) => {
  console.log('failed: ' + e);
  process.exit(1);
});
