import dgram from "node:dgram";
import dnsPacket, { type Answer, type RecordType } from "dns-packet";

/**
 * A local UDP DNS server for tests (CONTRACTS §9): point DNS_SERVERS at `server` and set the records a test needs.
 * It answers like a recursive resolver would for the names it knows: a CNAME is followed (the chain and the target's
 * records in one answer), an unknown name is NXDOMAIN, a known name without the asked type is NODATA.
 */

export type ZoneRecords = { A?: string[]; AAAA?: string[]; CNAME?: string; TXT?: string[] };

export type DnsResponder = {
  /** `127.0.0.1:port`, a DNS_SERVERS entry. */
  server: string;
  /** Replaces the records of one name (lowercase, no trailing dot needed). */
  set(name: string, records: ZoneRecords): void;
  /** Adds to the records of one name. */
  add(name: string, records: ZoneRecords): void;
  remove(name: string): void;
  /** Answers SERVFAIL, or nothing at all ("timeout"), for this name until cleared with null. */
  fail(name: string, mode: "servfail" | "timeout" | null): void;
  /** Every question asked so far, as `TYPE name`. */
  queries: string[];
  close(): Promise<void>;
};

const key = (name: string) => name.toLowerCase().replace(/\.$/, "");
const TTL = 1;
const NXDOMAIN = 3;
const SERVFAIL = 2;

export async function startDnsResponder(): Promise<DnsResponder> {
  const zone = new Map<string, ZoneRecords>();
  const failures = new Map<string, "servfail" | "timeout">();
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");

  function answersFor(name: string, type: RecordType, depth = 0): { answers: Answer[]; known: boolean } {
    const records = zone.get(key(name));
    if (!records) return { answers: [], known: false };
    if (records.CNAME && type !== "CNAME" && depth < 8) {
      const cname: Answer = { type: "CNAME", name, ttl: TTL, class: "IN", data: records.CNAME };
      const rest = answersFor(records.CNAME, type, depth + 1);
      return { answers: [cname, ...rest.answers], known: true };
    }
    const answers: Answer[] = [];
    if (type === "A") for (const ip of records.A ?? []) answers.push({ type: "A", name, ttl: TTL, class: "IN", data: ip });
    if (type === "AAAA") for (const ip of records.AAAA ?? []) answers.push({ type: "AAAA", name, ttl: TTL, class: "IN", data: ip });
    if (type === "CNAME" && records.CNAME) answers.push({ type: "CNAME", name, ttl: TTL, class: "IN", data: records.CNAME });
    if (type === "TXT") {
      for (const text of records.TXT ?? []) {
        // A TXT record is a list of strings of at most 255 bytes each.
        const chunks = text.match(/[\s\S]{1,255}/g) ?? [""];
        answers.push({ type: "TXT", name, ttl: TTL, class: "IN", data: chunks });
      }
    }
    return { answers, known: true };
  }

  socket.on("message", (msg, rinfo) => {
    let query;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${key(question.name)}`);
    const failure = failures.get(key(question.name));
    if (failure === "timeout") return;
    let rcode = 0;
    let answers: Answer[] = [];
    if (failure === "servfail") {
      rcode = SERVFAIL;
    } else {
      const found = answersFor(question.name, question.type);
      answers = found.answers;
      if (!found.known) rcode = NXDOMAIN;
    }
    const reply = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: [question],
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  const { port } = socket.address();

  return {
    server: `127.0.0.1:${port}`,
    set: (name, records) => void zone.set(key(name), { ...records }),
    add: (name, records) => {
      const current = zone.get(key(name)) ?? {};
      zone.set(key(name), {
        A: [...(current.A ?? []), ...(records.A ?? [])],
        AAAA: [...(current.AAAA ?? []), ...(records.AAAA ?? [])],
        TXT: [...(current.TXT ?? []), ...(records.TXT ?? [])],
        CNAME: records.CNAME ?? current.CNAME,
      });
    },
    remove: (name) => void zone.delete(key(name)),
    fail: (name, mode) => {
      if (mode) failures.set(key(name), mode);
      else failures.delete(key(name));
    },
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
