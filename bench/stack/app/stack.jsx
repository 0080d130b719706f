"use client";

import { useState } from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

const More = dynamic(() => import("./more.jsx"), { ssr: false });

function Cart() {
  const t = useTranslations("stack");
  const client = useQueryClient();
  const cart = useQuery({ queryKey: ["cart"], queryFn: () => fetch("/api/cart").then((r) => r.json()) });
  const add = useMutation({
    mutationFn: () => fetch("/api/cart", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["cart"] }),
  });
  const [more, setMore] = useState(false);
  return (
    <p>
      <Link href="/">{t("cart", { count: cart.data?.count ?? 0 })}</Link>{" "}
      <button type="button" onClick={() => add.mutate()}>
        {t("add")}
      </button>{" "}
      <button type="button" onClick={() => setMore(true)}>
        {t("more")}
      </button>
      {more ? <More /> : null}
    </p>
  );
}

export function Stack() {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Cart />
    </QueryClientProvider>
  );
}
