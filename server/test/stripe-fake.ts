import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of the Stripe HTTP endpoints Lightpix calls, for tests only: the real SDK is pointed at
 * it with STRIPE_API_URL. Idempotency keys replay their first answer like Stripe does. Also used by
 * the e2e run, which drives it through the /_fake routes.
 */
export interface FakePrice {
  id: string;
  currency: string;
  unit_amount: number;
  interval: string;
  interval_count: number;
  active: boolean;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  current_period_end: number;
  price: string;
  invoice: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const DAY = 24 * 3600;

/** `items[0][price]=x&expand[0]=y` into nested objects, as Stripe reads its form-encoded bodies. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const expansions = (params: Record<string, unknown>) => Object.values((params.expand ?? {}) as Record<string, string>);

export class StripeFake {
  readonly prices = new Map<string, FakePrice>();
  readonly customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly calls: RecordedCall[] = [];
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private events = 0;
  /** Set to make every Stripe call answer 500 (an outage). */
  failing = false;
  /** Milliseconds each answer waits, to widen races in tests. */
  delayMs = 0;

  constructor(price: Partial<FakePrice> = {}) {
    const full: FakePrice = {
      id: 'price_premium_monthly',
      currency: 'eur',
      unit_amount: 200,
      interval: 'month',
      interval_count: 1,
      active: true,
      ...price,
    };
    this.prices.set(full.id, full);
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  count(method: string, path: string): number {
    return this.calls.filter((call) => call.method === method && call.path === path).length;
  }

  subscriptionsOf(customer: string): FakeSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customer);
  }

  /** What Stripe would do on its side: a payment, a failed renewal, the end of a period. */
  update(subscriptionId: string, change: Partial<FakeSubscription>): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    Object.assign(subscription, change);
    return subscription;
  }

  /**
   * Support deletes a customer in Stripe's dashboard: its subscriptions end at once, later calls about it
   * fail, and the customer.deleted event body is returned.
   */
  deleteCustomer(customerId: string): string {
    for (const subscription of this.subscriptionsOf(customerId)) subscription.status = 'canceled';
    this.customers.delete(customerId);
    return this.eventBody('customer.deleted', { id: customerId, object: 'customer', deleted: true });
  }

  /** An event body as Stripe sends it; sign it with stripe.webhooks.generateTestHeaderString. */
  event(type: string, subscription: FakeSubscription): string {
    const object = type.startsWith('invoice.')
      ? { id: subscription.invoice, object: 'invoice', customer: subscription.customer, status: type === 'invoice.paid' ? 'paid' : 'open' }
      : this.subscriptionObject(subscription, []);
    return this.eventBody(type, object);
  }

  /** Stripe's event envelope around one object, with a fresh event id. */
  private eventBody(type: string, object: unknown): string {
    this.events += 1;
    return JSON.stringify({
      id: `evt_${this.events}_${randomBytes(4).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
  }

  private subscriptionObject(s: FakeSubscription, expand: string[]) {
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancel_at_period_end,
      created: s.created,
      metadata: {},
      latest_invoice:
        expand.includes('latest_invoice') || expand.includes('latest_invoice.confirmation_secret')
          ? this.invoiceObject(s, expand.includes('latest_invoice.confirmation_secret'))
          : s.invoice,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.id.slice(4)}`,
            object: 'subscription_item',
            current_period_start: s.current_period_end - 30 * DAY,
            current_period_end: s.current_period_end,
            price: this.prices.get(s.price) ?? { id: s.price, object: 'price' },
          },
        ],
        has_more: false,
      },
    };
  }

  private invoiceObject(s: FakeSubscription, withSecret: boolean) {
    const price = this.prices.get(s.price);
    return {
      id: s.invoice,
      object: 'invoice',
      customer: s.customer,
      number: `LP-${s.invoice.slice(3, 9).toUpperCase()}-0001`,
      status: s.status === 'active' ? 'paid' : 'open',
      total: price?.unit_amount ?? 0,
      currency: price?.currency ?? 'eur',
      created: s.created,
      period_start: s.created,
      period_end: s.created,
      ...(withSecret ? { confirmation_secret: { client_secret: `${s.invoice}_secret_${s.id.slice(4)}`, type: 'payment_intent' } } : {}),
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(Buffer.concat(chunks).toString());
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/_fake/')) return send(...this.control(method, url.pathname, Buffer.concat(chunks).toString()));

    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method, path: url.pathname.replace(/\/(sub|cus|in|price)_[\w]+$/, '/:id'), idempotencyKey });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) return send(500, { error: { type: 'api_error', message: 'Stripe is down (fake).' } });
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname}:${idempotencyKey}` : null;
    const replay = replayKey ? this.replies.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    const [status, body] = this.route(method, url.pathname, params);
    if (replayKey) this.replies.set(replayKey, { status, body });
    send(status, body);
  }

  private control(method: string, path: string, body: string): [number, unknown] {
    const match = /^\/_fake\/subscriptions\/([\w]+)$/.exec(path);
    if (method === 'GET' && path === '/_fake/subscriptions') return [200, [...this.subscriptions.values()]];
    if (method === 'GET' && path === '/_fake/customers') return [200, [...this.customers.values()]];
    if (method === 'POST' && match) {
      const subscription = this.update(match[1]!, JSON.parse(body) as Partial<FakeSubscription>);
      return [200, subscription];
    }
    if (method === 'POST' && /^\/_fake\/events\/([\w.]+)\/([\w]+)$/.test(path)) {
      const [, type, subscriptionId] = /^\/_fake\/events\/([\w.]+)\/([\w]+)$/.exec(path)!;
      return [200, JSON.parse(this.event(type!, this.subscriptions.get(subscriptionId!)!))];
    }
    return [404, { error: 'unknown control route' }];
  }

  private route(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const missing = (what: string) =>
      [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }] as [number, unknown];
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/prices\/([\w]+)$/.exec(path))) {
      const price = this.prices.get(match[1]!);
      if (!price) return missing(`price: '${match[1]}'`);
      return [
        200,
        {
          id: price.id,
          object: 'price',
          active: price.active,
          currency: price.currency,
          unit_amount: price.unit_amount,
          type: 'recurring',
          recurring: { interval: price.interval, interval_count: price.interval_count },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: String(params.email ?? ''), metadata: (params.metadata ?? {}) as Record<string, string> };
      this.customers.set(customer.id, customer);
      return [200, { ...customer, object: 'customer' }];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const list = this.subscriptionsOf(String(params.customer)).sort((a, b) => b.created - a.created);
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data: list.map((s) => this.subscriptionObject(s, [])) }];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!this.customers.has(String(params.customer))) return missing(`customer: '${String(params.customer)}'`);
      const price = (params.items as Record<string, { price: string }> | undefined)?.['0']?.price ?? '';
      if (!this.prices.has(price)) return missing(`price: '${price}'`);
      const created = Math.max(Math.floor(Date.now() / 1000), ...[...this.subscriptions.values()].map((s) => s.created + 1));
      const subscription: FakeSubscription = {
        id: id('sub'),
        customer: String(params.customer),
        status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        created,
        current_period_end: created + 30 * DAY,
        price,
        invoice: id('in'),
      };
      this.subscriptions.set(subscription.id, subscription);
      return [200, this.subscriptionObject(subscription, expansions(params))];
    }
    if ((match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return missing(`subscription: '${match[1]}'`);
      if (method === 'POST' && params.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      if (method === 'DELETE') subscription.status = 'canceled';
      return [200, this.subscriptionObject(subscription, expansions(params))];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      // One invoice per subscription of the customer, newest first, as Stripe lists them.
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === params.customer)
        .sort((a, b) => b.created - a.created)
        .map((s) => this.invoiceObject(s, false));
      return [200, { object: 'list', url: '/v1/invoices', has_more: false, data }];
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([\w]+)$/.exec(path))) {
      const subscription = [...this.subscriptions.values()].find((s) => s.invoice === match![1]);
      if (!subscription) return missing(`invoice: '${match[1]}'`);
      return [200, this.invoiceObject(subscription, expansions(params).includes('confirmation_secret'))];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `${this.url}/portal/${String(params.customer)}?return=${encodeURIComponent(String(params.return_url))}`,
        },
      ];
    }
    return missing(`route: ${method} ${path}`);
  }
}
