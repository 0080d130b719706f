import forge from "node-forge";

/** A stand-in for Apple's chain: a "WWDR" CA and a Pass Type ID certificate it signed (RSA 2048), as PEM. */
export type TestPassCertificates = {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  otherKey: string;
  expiredCert: string;
};

function certificate(
  subject: string,
  publicKey: forge.pki.PublicKey,
  issuer: forge.pki.Certificate | null,
  issuerKey: forge.pki.rsa.PrivateKey,
  ca: boolean,
  days: [number, number],
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() + days[0] * 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + days[1] * 86_400_000);
  cert.setSubject([{ name: "commonName", value: subject }]);
  cert.setIssuer(issuer ? issuer.subject.attributes : [{ name: "commonName", value: subject }]);
  cert.setExtensions([{ name: "basicConstraints", cA: ca }]);
  cert.sign(issuerKey, forge.md.sha256.create());
  return cert;
}

let made: TestPassCertificates | null = null;

/** Made once per test file (key generation takes a moment). */
export function testPassCertificates(): TestPassCertificates {
  if (made) return made;
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const signerKeys = forge.pki.rsa.generateKeyPair(2048);
  const other = forge.pki.rsa.generateKeyPair(1024);
  const ca = certificate("Test WWDR", caKeys.publicKey, null, caKeys.privateKey, true, [-1, 365]);
  const signer = certificate(
    "Pass Type ID: pass.test.rimal",
    signerKeys.publicKey,
    ca,
    caKeys.privateKey,
    false,
    [-1, 365],
  );
  const expired = certificate(
    "Pass Type ID: pass.test.rimal",
    signerKeys.publicKey,
    ca,
    caKeys.privateKey,
    false,
    [-30, -1],
  );
  made = {
    wwdr: forge.pki.certificateToPem(ca),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
    otherKey: forge.pki.privateKeyToPem(other.privateKey),
    expiredCert: forge.pki.certificateToPem(expired),
  };
  return made;
}
