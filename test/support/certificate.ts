import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A self-signed certificate made now with openssl (EC P-256, 2 days) for `names` (`DNS:host` or `IP:addr`),
 * written to `folder` as key.pem and cert.pem: the staff hosts served over TLS in the e2e tests, the load
 * test's webhook endpoint.
 */
export function selfSignedCertificate(folder: string, subject: string, names: readonly string[]) {
  const key = join(folder, 'key.pem')
  const cert = join(folder, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${subject}`,
      '-addext',
      `subjectAltName=${names.join(',')}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  return { keyFile: key, certFile: cert, key: readFileSync(key), cert: readFileSync(cert) }
}
