import type { StubPrice } from "./server";

/**
 * The browser half of the Paddle stand-in: what `https://cdn.paddle.com/paddle/v2/paddle.js` defines, enough for
 * @paddle/paddle-js (`window.PaddleBillingV1` with Environment.set, Initialize/Update, Checkout.open/close). The
 * overlay shows the price and a Pay button; paying asks the stand-in server to create the subscription (which sends
 * the signed webhook to the product) and then emits checkout.completed and checkout.closed, as Paddle does.
 */
export function paddleJsStandIn(stubUrl: string, prices: StubPrice[]): string {
  const catalogue = Object.fromEntries(prices.map((p) => [p.id, { amount: Number(p.amount) / 100, currency: p.currency, name: p.name, interval: p.interval }]));
  return `(() => {
  const STUB = ${JSON.stringify(stubUrl)};
  const PRICES = ${JSON.stringify(catalogue)};
  let options = {};
  let overlay = null;
  const emit = (name, data) => { try { options.eventCallback && options.eventCallback({ name, data }); } catch (e) { console.error(e); } };
  const close = () => { if (!overlay) return; overlay.remove(); overlay = null; emit("checkout.closed", {}); };
  const paddle = {
    Initialized: false,
    Status: { libraryVersion: "stand-in" },
    Environment: { set(env) { paddle.environment = env; } },
    Initialize(opts) { options = opts || {}; paddle.Initialized = true; },
    Update(opts) { options = Object.assign({}, options, opts); },
    Checkout: {
      close,
      open(input) {
        const item = (input.items || [])[0] || {};
        const price = PRICES[item.priceId];
        if (!options.token) { emit("checkout.error", { error: "missing token" }); return; }
        if (!price) { emit("checkout.error", { error: "unknown price " + item.priceId }); return; }
        overlay = document.createElement("div");
        overlay.setAttribute("role", "dialog");
        overlay.setAttribute("aria-label", "Paddle checkout");
        overlay.style.cssText = "position:fixed;inset:0;z-index:99999;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center";
        const box = document.createElement("div");
        box.style.cssText = "background:#fff;color:#111;padding:24px;border-radius:8px;min-width:280px;font:16px system-ui";
        const title = document.createElement("p");
        title.textContent = price.name + ": " + price.amount.toFixed(2) + " " + price.currency + " per " + price.interval;
        const email = document.createElement("p");
        email.textContent = (input.customer && input.customer.email) || "";
        const pay = document.createElement("button");
        pay.textContent = "Pay now";
        const cancel = document.createElement("button");
        cancel.textContent = "Close checkout";
        cancel.onclick = close;
        pay.onclick = async () => {
          pay.disabled = true;
          const res = await fetch(STUB + "/__stub/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ priceId: item.priceId, customData: input.customData || null, email: email.textContent }) });
          const out = await res.json();
          const totals = { subtotal: price.amount, tax: 0, discount: 0, total: price.amount, balance: 0, credit: 0 };
          emit("checkout.completed", {
            id: "che_" + out.transactionId, transaction_id: out.transactionId, status: "completed",
            customer: { id: out.subscription.customer_id, email: email.textContent },
            items: [{ price_id: item.priceId, price_name: price.name, quantity: 1, totals, recurring_totals: totals, billing_cycle: { interval: price.interval, frequency: 1 } }],
            totals, recurring_totals: totals, currency_code: price.currency, custom_data: input.customData || null,
          });
          close();
        };
        box.append(title, email, pay, cancel);
        overlay.append(box);
        document.body.append(overlay);
        emit("checkout.loaded", { items: [{ price_id: item.priceId }], currency_code: price.currency, custom_data: input.customData || null });
      },
    },
  };
  window.Paddle = paddle;
  window.PaddleBillingV1 = paddle;
})();
`;
}
