import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface Certificate {
  cert: Buffer
  key: Buffer
  /** Where it was read from, for the log. */
  from: string
}

/**
 * The certificate of the local HTTPS mode: the files named by TLS_CERT_FILE and TLS_KEY_FILE, or a self-signed one
 * for localhost made with openssl at first start and kept under the data directory, so the browser's exception for
 * it lasts across restarts. Amplify builds only https:// addresses for a hosted sign-in domain (docs/decisions/018).
 */
export function localCertificate(options: { dataDir: string; certFile?: string; keyFile?: string }): Certificate {
  if (options.certFile && options.keyFile) {
    return { cert: readFileSync(options.certFile), key: readFileSync(options.keyFile), from: options.certFile }
  }
  const dir = path.join(options.dataDir, 'tls')
  const certFile = path.join(dir, 'localhost-cert.pem')
  const keyFile = path.join(dir, 'localhost-key.pem')
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-sha256',
          '-days',
          '825',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ],
        { stdio: 'pipe' },
      )
    } catch (error) {
      throw new Error(
        `HTTPS_PORT: a self-signed certificate could not be made with openssl (${(error as Error).message.split('\n')[0]}). Install openssl, or set TLS_CERT_FILE and TLS_KEY_FILE.`,
      )
    }
  }
  return { cert: readFileSync(certFile), key: readFileSync(keyFile), from: certFile }
}
