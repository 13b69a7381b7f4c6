import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type KmsStubRequest = { target: string; keyId: string | undefined; signed: boolean };

export type KmsStub = {
  endpoint: string;
  /** ARNs of the stub's keys; aliases `alias/<n>` name them too. */
  keyArns: string[];
  requests: KmsStubRequest[];
  stop: () => Promise<void>;
};

const region = 'eu-west-1';

/**
 * A local stand-in for the AWS KMS JSON API (awsJson1_1: POST /, X-Amz-Target TrentService.<Op>), enough for
 * Encrypt and Decrypt. Ciphertext blobs are AES-256-GCM under a secret of the stub and name their key, as real
 * KMS blobs do, so a blob never contains the data key and only opens with the key that made it.
 */
export async function startKmsStub(keyCount = 1): Promise<KmsStub> {
  const keys = Array.from({ length: keyCount }, (_, i) => ({
    arn: `arn:aws:kms:${region}:111122223333:key/${randomUUID()}`,
    alias: `alias/quartermaster-fle-${i + 1}`,
    secret: randomBytes(32),
  }));
  const requests: KmsStubRequest[] = [];
  const byId = (id: string | undefined) => keys.find((k) => id === k.arn || id === k.alias || (id && k.arn.endsWith(`/${id}`)));

  function fail(res: ServerResponse, type: string, message: string) {
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ __type: type, message }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
    const target = String(req.headers['x-amz-target'] ?? '');
    const signed = String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=');
    requests.push({ target, keyId: body.KeyId, signed });
    if (!signed) return fail(res, 'UnrecognizedClientException', 'The request is not signed.');
    if (target === 'TrentService.Encrypt') {
      const key = byId(body.KeyId);
      if (!key) return fail(res, 'NotFoundException', `Key '${body.KeyId}' does not exist`);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.secret, iv);
      const sealed = Buffer.concat([cipher.update(Buffer.from(body.Plaintext ?? '', 'base64')), cipher.final()]);
      const arn = Buffer.from(key.arn);
      const blob = Buffer.concat([Buffer.of(arn.length), arn, iv, cipher.getAuthTag(), sealed]);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      return res.end(JSON.stringify({ CiphertextBlob: blob.toString('base64'), KeyId: key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' }));
    }
    if (target === 'TrentService.Decrypt') {
      const blob = Buffer.from(body.CiphertextBlob ?? '', 'base64');
      const key = byId(blob.subarray(1, 1 + (blob[0] ?? 0)).toString());
      if (!key) return fail(res, 'InvalidCiphertextException', 'The ciphertext is invalid.');
      if (body.KeyId && byId(body.KeyId) !== key) return fail(res, 'IncorrectKeyException', 'The key ID in the request does not identify the key that encrypted the ciphertext.');
      const at = 1 + blob[0]!;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.secret, blob.subarray(at, at + 12));
        decipher.setAuthTag(blob.subarray(at + 12, at + 28));
        const plain = Buffer.concat([decipher.update(blob.subarray(at + 28)), decipher.final()]);
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(JSON.stringify({ Plaintext: plain.toString('base64'), KeyId: key.arn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' }));
      } catch {
        return fail(res, 'InvalidCiphertextException', 'The ciphertext is invalid.');
      }
    }
    return fail(res, 'UnknownOperationException', target);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => fail(res, 'InternalFailure', 'stub failure'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keyArns: keys.map((k) => k.arn),
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the provider needs to talk to the stub; static credentials keep the SDK off any credential lookup. */
export function kmsStubOptions(stub: KmsStub, keyId = stub.keyArns[0]!) {
  return { keyId, region, endpoint: stub.endpoint, credentials: { accessKeyId: 'AKIDSTUB', secretAccessKey: 'stub-secret' } };
}
